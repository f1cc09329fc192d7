#include "aqm/codel/codel_queue.h"

namespace aqmlab {

Status CodelQueue::Validate(const codel::Params& p) {
  if (p.target_ms >= p.interval_ms) {
    return {"target_ms: must be below interval_ms (" + FormatNumber(p.interval_ms) + "), got " +
            FormatNumber(p.target_ms)};
  }
  return {};
}

const AqmDescriptor& CodelQueue::Describe() {
  static const AqmDescriptor d{
      "codel",
      "CoDel",
      "Nichols, Jacobson, McGregor & Iyengar, Controlled Delay Active Queue Management, RFC 8289, "
      "2018",
      "Drops at dequeue once the sojourn time has stayed above target for an interval, then "
      "ever faster (interval / sqrt(count)) until it dips below target.",
      SpecsOf<codel::Params>(kFields),
      {{"sojourn", "Sojourn time", "ms"},
       {"dropping", "Dropping state", ""},
       {"count", "Drop count", ""},
       {"threshold_marks", "L4S threshold marks", ""}}};
  return d;
}

Decision CodelQueue::OnDeparture(const DepartureContext& ctx) {
  const codel::Candidate c{ctx.now,         ctx.sojourn,             ctx.packet_bytes,
                           ctx.queue_bytes, ctx.queue_packets == 0, CongestWouldMark(),
                           DecidingEcn()};
  const codel::Verdict v = codel::Judge(params_, state_, c);
  if (v.threshold_mark) ++threshold_marks_;
  signal_share_ = codel::SignalShare(signal_share_, v.decision);
  return v.decision;
}

void CodelQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.last_sojourn.millis();
  out[1] = state_.dropping ? 1.0 : 0.0;
  out[2] = static_cast<double>(state_.count);
  out[3] = static_cast<double>(threshold_marks_);
}

}  // namespace aqmlab
