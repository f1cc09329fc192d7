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
      {{"avg", "Average queue", "pkts"}, {"pa", "Spread probability", ""}}};
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
