#include "traffic/cc/prague/prague.h"

#include "traffic/cc/newreno/newreno.h"

namespace aqmlab {

double prague::IncreasePerRtt(const Params& p, Time srtt) {
  if (!p.rtt_independence || srtt == Time()) return 1.0;
  const double ratio = srtt.millis() / p.target_rtt_ms;
  return ratio < 1 ? ratio * ratio : 1.0;
}

double prague::PacingRate(const CcWindow& w, Time srtt) {
  if (srtt == Time()) return 0;  // no RTT yet: the initial window leaves at once
  const double ratio = w.cwnd < w.ssthresh ? 2.0 : 1.2;
  return ratio * w.cwnd / srtt.seconds();
}

const CcDescriptor& Prague::Describe() {
  static const CcDescriptor d{
      .name = "prague",
      .label = "TCP Prague",
      .source =
          "Briscoe et al., Prague Congestion Control, draft-briscoe-iccrg-prague-congestion-control; "
          "Linux tcp_prague; L4S, RFC 9330-9332",
      .summary =
          "A scalable L4S sender: ECT(1), DCTCP's alpha, at most one cut of alpha/2 per round trip, "
          "paced, and halving like Reno on a loss.",
      .params = SpecsOf<Params>(kFields),
      .ecn = EcnResponse::kScalable,
      .codepoint = Ecn::kEct1,
      .needs_ecn = true,
      .recovery_timer = RecoveryTimer::kSteady,
      .paces = true,
      .sack = true};
  return d;
}

void Prague::Reset(const CcStart&) {
  est_ = ScalableAlpha{};
  srtt_ = Time();
}

void Prague::OnAck(const AckEvent& a, CcWindow& w) {
  srtt_ = SmoothRtt(srtt_, a.rtt);
  est_.Observe(a, params_.g);
  if (est_.TakeReduction(a)) {
    ScalableCut(w, est_.alpha);
    return;
  }
  if (est_.Reducing(a)) return;
  if (w.cwnd < w.ssthresh) {
    w.cwnd += 1.0;
  } else {
    w.cwnd += prague::IncreasePerRtt(params_, srtt_) * static_cast<double>(a.acked) / w.cwnd;
  }
}

// The draft's fallback: a loss is answered as by Reno.
double Prague::OnLoss(const CongestionEvent& e, const CcWindow&) {
  return newreno::HalfFlight(e.flight);
}

double Prague::OnRto(const CongestionEvent& e, const CcWindow& w) {
  return e.answered ? w.ssthresh : newreno::HalfFlight(e.flight);
}

double Prague::PacingRate(const CcWindow& w) const {
  return params_.pacing ? prague::PacingRate(w, srtt_) : 0;
}

}  // namespace aqmlab
