#include "traffic/cc/bbr/bbr.h"

#include "sim/format.h"

namespace aqmlab {

Status Bbr::Validate(const Params& p) {
  if (p.probe_rtt_ms >= p.min_rtt_window_s * 1000) {
    return {"probe_rtt_ms: must be shorter than min_rtt_window_s (" +
            FormatNumber(p.min_rtt_window_s * 1000) + " ms), got " + FormatNumber(p.probe_rtt_ms)};
  }
  return {};
}

const CcDescriptor& Bbr::Describe() {
  static const CcDescriptor d{
      .name = "bbr",
      .label = "BBR",
      .source =
          "Cardwell, Cheng, Gunn, Yeganeh & Jacobson, BBR: Congestion-Based Congestion Control, "
          "ACM Queue 14(5), 2016; version 1 as in Linux 4.9 tcp_bbr.c and ns-3's TcpBbr",
      .summary =
          "Paces at its estimate of the bottleneck's bandwidth (the highest delivery rate of the "
          "last 10 round trips) and caps data in flight at twice that times the lowest round trip, "
          "ignoring loss as a signal.",
      .params = SpecsOf<Params>(kFields),
      .recovery_timer = RecoveryTimer::kSteady,
      .rtt_every_ack = true,
      .owns_window = true,
      .paces = true,
      .sack = true};
  return d;
}

void Bbr::Reset(const CcStart& start) {
  rng_ = RandomStream(start.seed, StreamPurpose::kCongestionControl, start.stream);
  state_ = bbr::Start(params_, start, DrawPhase());
}

void Bbr::OnAck(const AckEvent& a, CcWindow& w) {
  bbr::OnAck(params_, state_, a, w);
  if (state_.phase_draw < 0) state_.phase_draw = DrawPhase();
}

// Loss is not a signal to BBR: ssthresh stays, the window is noted for
// after the repair, and the first round of recovery conserves packets.
double Bbr::OnLoss(const CongestionEvent&, const CcWindow& w) {
  bbr::SaveCwnd(state_, w.cwnd);
  return w.ssthresh;
}

double Bbr::OnRto(const CongestionEvent& e, const CcWindow& w) {
  bbr::OnTimeout(state_, w.cwnd, e.answered);
  return w.ssthresh;
}

}  // namespace aqmlab
