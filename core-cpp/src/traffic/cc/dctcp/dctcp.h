// DCTCP (RFC 8257) as a congestion controller: NewReno's growth and loss
// response, and ECN as a measure: the marked fraction of each window feeds
// alpha (scalable_alpha.h), and ECN-Echo cuts the window by alpha/2 once per
// window. Its receiver echoes each segment's CE (EcnResponse::kScalable).
#pragma once

#include <array>

#include "net/param_table.h"
#include "traffic/cc/congestion_control.h"
#include "traffic/cc/response_function.h"
#include "traffic/cc/scalable_alpha.h"

namespace aqmlab {

namespace dctcp {
struct Params {
  double g = 0.0625;          // RFC 8257 sec. 4.2: 1/16
  double initial_alpha = 1;   // sec. 3.3: 1, so the first marks halve as classic ECN would
};
}  // namespace dctcp

class Dctcp final : public CongestionControl {
 public:
  using Params = dctcp::Params;
  static constexpr std::array<ParamField<Params>, 2> kFields{{
      {{"g", "Gain g", "", ParamKind::kReal, 0.0625, 0.001, 1, 0.001,
        "Weight of the newest window's marked fraction in alpha (RFC 8257: 1/16)."},
       &Params::g},
      {{"initial_alpha", "Initial alpha", "", ParamKind::kReal, 1, 0, 1, 0.01,
        "Alpha at the start of a connection (RFC 8257: 1, a halving at the first mark)."},
       &Params::initial_alpha},
  }};
  static Status Validate(const Params&) { return {}; }
  static const CcDescriptor& Describe();
  // The 1/p law (dctcp_response.cc).
  static ResponsePoint MeanWindow(const Params& p, double signal, double rtt_s);
  static const CcResponse& Response();

  explicit Dctcp(const Params& p) : params_(p) {}
  void Reset(const CcStart& start) override;
  void OnAck(const AckEvent& a, CcWindow& w) override;
  double OnLoss(const CongestionEvent& e, const CcWindow& w) override;
  double OnRto(const CongestionEvent& e, const CcWindow& w) override;

  double alpha() const { return est_.alpha; }

 private:
  Params params_;
  ScalableAlpha est_;
};

}  // namespace aqmlab
