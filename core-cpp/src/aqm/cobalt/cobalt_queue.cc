#include "aqm/cobalt/cobalt_queue.h"

#include "aqm/codel/codel_queue.h"

namespace aqmlab {

// COBALT's CoDel part has CoDel's rule: target below interval.
Status CobaltQueue::Validate(const cobalt::Params& p) {
  return CodelQueue::Validate({p.target_ms, p.interval_ms});
}

const AqmDescriptor& CobaltQueue::Describe() {
  static const AqmDescriptor d{
      "cobalt",
      "COBALT",
      "Hoeiland-Joergensen, Taht & Morton, Piece of CAKE: A Comprehensive Queue Management "
      "Solution for Home Gateways, IEEE LANMAN 2018 (Linux sch_cake's cobalt; ns-3 "
      "CobaltQueueDisc)",
      "CoDel's drop schedule at dequeue, its count decaying rather than reset, plus BLUE: a "
      "probability that rises when the buffer overflows and falls when the queue empties.",
      SpecsOf<cobalt::Params>(kFields),
      {{"sojourn", "Sojourn time", "ms"},
       {"dropping", "Dropping state", ""},
       {"count", "Drop count", ""},
       {"signal_share", "Share signalled", ""}},
      LawText{R"tex(\begin{gathered} t_{next} = t + \frac{\text{interval}}{\sqrt{n}}\ \text{while sojourn} > \text{target} \\ p_{\mathrm{BLUE}} \mathrel{+}= p_{inc}\ \text{on overflow},\ \mathrel{-}= p_{dec}\ \text{when empty} \end{gathered})tex",
              "COBALT, the AQM inside CAKE, runs CoDel's drop schedule but lets the drop count decay slowly instead of resetting it, so a queue that comes back is met at once with the spacing it needed before. Beside it, BLUE keeps a probability that climbs whenever the buffer overflows and falls when the queue empties: a flow that ignores drops still meets a drop rate that matches its excess.",
              "Hoeiland-Joergensen, Taht & Morton, Piece of CAKE (IEEE LANMAN 2018)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\text{sojourn})tex", LawSource::kSignal, "sojourn"},
               {R"tex(\text{target})tex", LawSource::kParam, "target_ms"},
               {R"tex(\text{interval})tex", LawSource::kParam, "interval_ms"},
               {R"tex(n)tex", LawSource::kSignal, "count"},
               {R"tex(p_{inc})tex", LawSource::kParam, "p_inc"},
               {R"tex(p_{dec})tex", LawSource::kParam, "p_dec"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"target_ms", LevelChart::kDelay, "target", 1, ""}}};
  return d;
}

Decision CobaltQueue::OnArrival(const ArrivalContext& ctx) {
  if (ctx.buffer_full) cobalt::OnQueueFull(params_, state_, ctx.now);
  return Decision::kPass;
}

Decision CobaltQueue::OnDeparture(const DepartureContext& ctx) {
  const cobalt::Candidate c{ctx.now, ctx.sojourn, Time(), CongestWouldMark(), ctx.uniform};
  const Decision d = cobalt::OnDequeue(params_, state_, c);
  signal_share_ = codel::SignalShare(signal_share_, d);
  return d;
}

void CobaltQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.last_sojourn.millis();
  out[1] = state_.dropping ? 1.0 : 0.0;
  out[2] = static_cast<double>(state_.count);
  out[3] = signal_share_;
}

}  // namespace aqmlab
