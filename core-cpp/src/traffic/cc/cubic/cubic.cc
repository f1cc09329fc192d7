#include "traffic/cc/cubic/cubic.h"

#include "traffic/cc/newreno/newreno.h"

namespace aqmlab {

const CcDescriptor& Cubic::Describe() {
  static const CcDescriptor d{
      .name = "cubic",
      .label = "CUBIC",
      .source =
          "Xu, Ha, Rhee, Goel & Eggert, CUBIC for Fast and Long-Distance Networks, RFC 9438, 2023; "
          "HyStart++, RFC 9406, 2023",
      .summary =
          "Grows the window along a cubic curve of the time since the last congestion event, "
          "flat near the window where that loss happened, and cuts it to 0.7 at a loss.",
      .params = SpecsOf<Params>(kFields),
      .recovery_timer = RecoveryTimer::kSteady,
      .rtt_every_ack = true,
      .sack = true};
  return d;
}

void Cubic::Reset(const CcStart&) {
  state_ = cubic::State{};
  hystart_ = hystart::State{};
  hystart_on_ = params_.hystart;
}

void Cubic::OnAck(const AckEvent& a, CcWindow& w) {
  state_.srtt = SmoothRtt(state_.srtt, a.rtt);
  if (w.cwnd < w.ssthresh) {
    if (hystart_on_) {
      hystart::OnSlowStartAck(hystart_, a, w);
    } else {
      newreno::Grow(w);
    }
    return;
  }
  cubic::OnAvoidanceAck(params_, state_, a.now, w);
}

void Cubic::Congestion(double cwnd) {
  cubic::OnCongestion(params_, state_, cwnd);
  hystart_on_ = false;
}

double Cubic::OnLoss(const CongestionEvent& e, const CcWindow& w) {
  Congestion(w.cwnd);
  return cubic::LossSsthresh(params_, e.flight);
}

void Cubic::OnEcnEcho(const CongestionEvent&, CcWindow& w) {
  Congestion(w.cwnd);
  ReduceOnClassicEcho(w, params_.beta);
}

double Cubic::OnRto(const CongestionEvent& e, const CcWindow& w) {
  if (e.answered) return w.ssthresh;
  Congestion(w.cwnd);
  return cubic::LossSsthresh(params_, e.flight);
}

}  // namespace aqmlab
