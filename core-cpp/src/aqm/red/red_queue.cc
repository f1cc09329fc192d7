#include "aqm/red/red_queue.h"

namespace aqmlab {

Status RedQueue::Validate(const red::Params& p) {
  if (p.min_th >= p.max_th) {
    return {"min_th: must be below max_th (" + FormatNumber(p.max_th) + "), got " +
            FormatNumber(p.min_th)};
  }
  return {};
}

const AqmDescriptor& RedQueue::Describe() {
  static const AqmDescriptor d{
      "red",
      "RED",
      "Floyd & Jacobson, Random Early Detection Gateways, IEEE/ACM ToN 1993; gentle: Floyd 2000",
      "Drops early with a probability that grows with an exponentially weighted average queue.",
      SpecsOf<red::Params>(kFields),
      {{"avg", "Average queue", "pkts"}, {"pa", "Spread probability", ""}},
      LawText{R"tex(\begin{gathered} \bar q \leftarrow (1-w_q)\,\bar q + w_q\, q \\ p_b = \mathrm{max}_p\, \frac{\bar q - \mathrm{min}_{th}}{\mathrm{max}_{th} - \mathrm{min}_{th}} \end{gathered})tex",
              "RED drops early and at random, in proportion to how far a smoothed queue sits between two thresholds. The smoothing lets short bursts through; the randomness spreads the losses over flows so they do not back off in step. Hollot et al. later showed the loop it closes with TCP is stable only for enough flows or a short enough RTT, which is what the badge here checks.",
              "Floyd & Jacobson, Random Early Detection Gateways (IEEE/ACM ToN 1993)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\bar q)tex", LawSource::kSignal, "avg"},
               {R"tex(w_q)tex", LawSource::kParam, "wq"},
               {R"tex(\mathrm{min}_{th})tex", LawSource::kParam, "min_th"},
               {R"tex(\mathrm{max}_{th})tex", LawSource::kParam, "max_th"},
               {R"tex(\mathrm{max}_p)tex", LawSource::kParam, "max_p"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      red::ThresholdLevels()};
  return d;
}

Decision RedQueue::OnArrival(const ArrivalContext& ctx) {
  const ArrivalMeasure m = MeasureArrival(params_.byte_mode, ctx, link().typical_packet);
  state_.avg = red::UpdateAverage(state_.avg, params_.wq, m.queue, link_idle(),
                                  ctx.now - state_.idle_since, link().TypicalTransmissionTime());
  return red::Decide(params_, state_, m.size_ratio, ctx.uniform);
}

void RedQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.avg;
  out[1] = state_.pa;
}

}  // namespace aqmlab
