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
       {"threshold_marks", "L4S threshold marks", ""}},
      LawText{R"tex(\begin{gathered} \text{sojourn} > \text{target for an interval} \Rightarrow \text{drop} \\ t_{next} = t + \frac{\text{interval}}{\sqrt{n}} \end{gathered})tex",
              "CoDel controls the time packets spend in the queue rather than its length. Once every packet of an interval has waited longer than the target, it starts dropping and drops more often the longer the standing queue persists, with the gap shrinking as one over the square root of the drop count. With an L4S threshold set (and ECN on), ECT(1) packets skip this law: one that waited longer than the threshold is marked at once.",
              "Nichols, Jacobson, McGregor & Iyengar, CoDel (RFC 8289, 2018)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\text{sojourn})tex", LawSource::kSignal, "sojourn"},
               {R"tex(\text{target})tex", LawSource::kParam, "target_ms"},
               {R"tex(\text{interval})tex", LawSource::kParam, "interval_ms"},
               {R"tex(n)tex", LawSource::kSignal, "count"}}},
      {{"target_ms", LevelChart::kDelay, "target", 1, ""}}};
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
