// TCP Prague's essentials (draft-briscoe-iccrg-prague-congestion-control,
// Linux's tcp_prague) as a congestion controller: ECT(1) data, DCTCP's
// alpha with g = 1/16 (scalable_alpha.h), at most one cut of alpha/2 per
// round trip, additive increase of one segment per round trip (scaled by
// (RTT / 25 ms)^2 below 25 ms with RTT independence on), pacing, and
// a classic halving on loss. README.md lists what is left out.
#pragma once

#include <array>

#include "net/param_table.h"
#include "traffic/cc/congestion_control.h"
#include "traffic/cc/response_function.h"
#include "traffic/cc/scalable_alpha.h"

namespace aqmlab {

namespace prague {
struct Params {
  double g = 0.0625;              // the alpha gain, as DCTCP's
  bool rtt_independence = false;  // scale the increase as if the RTT were target_rtt_ms
  double target_rtt_ms = 25;      // the draft's reference RTT
  bool pacing = true;
};

// Segments the window grows by per round trip: 1, or with RTT independence
// (rtt / target)^2 below the target, so that the rate grows as fast per
// second as a flow of the target RTT: dW/dt = rtt / target^2.
double IncreasePerRtt(const Params& p, Time srtt);

// Linux's pacing ratio: twice cwnd / srtt in slow start, 1.2 times after.
double PacingRate(const CcWindow& w, Time srtt);
}  // namespace prague

class Prague final : public CongestionControl {
 public:
  using Params = prague::Params;
  static constexpr std::array<ParamField<Params>, 4> kFields{{
      {{"g", "Gain g", "", ParamKind::kReal, 0.0625, 0.001, 1, 0.001,
        "Weight of the newest round trip's marked fraction in alpha (Prague, as DCTCP: 1/16)."},
       &Params::g},
      {{"rtt_independence", "RTT independence", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Below the reference RTT, grow as slowly per second as a flow of that RTT would."},
       &Params::rtt_independence},
      {{"target_rtt_ms", "Reference RTT", "ms", ParamKind::kReal, 25, 1, 1000, 1,
        "The RTT whose rate growth shorter flows copy when RTT independence is on (draft: 25 ms)."},
       &Params::target_rtt_ms},
      {{"pacing", "Pacing", "", ParamKind::kToggle, 1, 0, 1, 1,
        "Space segments at 1.2 cwnd/RTT (2 cwnd/RTT in slow start) instead of sending bursts."},
       &Params::pacing},
  }};
  static Status Validate(const Params&) { return {}; }
  static const CcDescriptor& Describe();
  // The 1/p law, scaled with RTT independence (prague_response.cc).
  static ResponsePoint MeanWindow(const Params& p, double signal, double rtt_s);
  static const CcResponse& Response();

  explicit Prague(const Params& p) : params_(p) {}
  void Reset(const CcStart& start) override;
  void OnAck(const AckEvent& a, CcWindow& w) override;
  double OnLoss(const CongestionEvent& e, const CcWindow& w) override;
  double OnRto(const CongestionEvent& e, const CcWindow& w) override;
  double PacingRate(const CcWindow& w) const override;

  double alpha() const { return est_.alpha; }
  Time srtt() const { return srtt_; }

 private:
  Params params_;
  ScalableAlpha est_;
  Time srtt_;
};

}  // namespace aqmlab
