// CUBIC (RFC 9438) as a congestion controller: the window law of
// cubic_law.h in congestion avoidance, HyStart++ (hystart.h) or standard
// slow start below ssthresh, beta_cubic at a loss, a timeout or an ECN-Echo.
#pragma once

#include <array>

#include "net/param_table.h"
#include "traffic/cc/congestion_control.h"
#include "traffic/cc/response_function.h"
#include "traffic/cc/cubic/cubic_law.h"
#include "traffic/cc/cubic/hystart.h"

namespace aqmlab {

class Cubic final : public CongestionControl {
 public:
  using Params = cubic::Params;
  static constexpr std::array<ParamField<Params>, 5> kFields{{
      {{"c", "C", "segments/s^3", ParamKind::kReal, 0.4, 0.01, 10, 0.01,
        "Scales the cubic curve: how fast the window returns to and probes beyond W_max (RFC 9438: 0.4)."},
       &Params::c},
      {{"beta", "Beta", "", ParamKind::kReal, 0.7, 0.1, 0.95, 0.01,
        "The window after a congestion event, as a fraction of the window before (RFC 9438: 0.7)."},
       &Params::beta},
      {{"fast_convergence", "Fast convergence", "", ParamKind::kToggle, 1, 0, 1, 1,
        "A flow whose peak fell short of the last one aims lower, leaving room for newcomers (RFC 9438 sec. 4.7)."},
       &Params::fast_convergence},
      {{"reno_friendly", "Reno-friendly region", "", ParamKind::kToggle, 1, 0, 1, 1,
        "Never grow slower than Reno would with the same decrease (RFC 9438 sec. 4.3)."},
       &Params::reno_friendly},
      {{"hystart", "HyStart++", "", ParamKind::kToggle, 1, 0, 1, 1,
        "Leave slow start when the round trip grows, before the queue overflows (RFC 9406; on in Linux)."},
       &Params::hystart},
  }};
  static Status Validate(const Params&) { return {}; }
  static const CcDescriptor& Describe();
  // RFC 9438 sec. 5's mean windows (cubic_response.cc).
  static ResponsePoint MeanWindow(const Params& p, double signal, double rtt_s);
  static const CcResponse& Response();

  explicit Cubic(const Params& p) : params_(p) {}
  void Reset(const CcStart& start) override;
  void OnAck(const AckEvent& a, CcWindow& w) override;
  double OnLoss(const CongestionEvent& e, const CcWindow& w) override;
  void OnEcnEcho(const CongestionEvent& e, CcWindow& w) override;
  double OnRto(const CongestionEvent& e, const CcWindow& w) override;

  const cubic::State& state() const { return state_; }
  const hystart::State& hystart_state() const { return hystart_; }

 private:
  void Congestion(double cwnd);
  Params params_;
  cubic::State state_;
  hystart::State hystart_;
  bool hystart_on_ = true;  // only the first slow start (RFC 9406 sec. 4.3)
};

}  // namespace aqmlab
