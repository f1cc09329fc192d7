#include "aqm/msc/msc_queue.h"

namespace aqmlab {

Status MscQueue::Validate(const msc::Params& p) {
  if (p.ts_s > p.ts_l) {
    return {"ts_s: must not exceed ts_l (" + FormatNumber(p.ts_l) + "), got " +
            FormatNumber(p.ts_s)};
  }
  return {};
}

const AqmDescriptor& MscQueue::Describe() {
  static const AqmDescriptor d{
      "msc",
      "MSC (multiscale)",
      "Ji & Dong, a multiscale controller for active queue management",
      "A base probability 1 - 1/rho from the measured load on a long time scale, modulated by "
      "the queue's distance from qref on a short one.",
      SpecsOf<msc::Params>(kFields),
      {{"rho", "Load A / C", ""}, {"pa", "Base probability", ""}}};
  return d;
}

MscQueue::MscQueue(const QueueDiscEnv& env, const msc::Params& params)
    : ParamQueue(env, params), state_(msc::InitialState(params, CapacityBytesPerSecond())) {}

Decision MscQueue::OnArrival(const ArrivalContext& ctx) {
  return msc::Decide(params_, state_, ctx.now, static_cast<double>(ctx.queue_packets),
                     ctx.packet_bytes, ctx.buffer_full, CapacityBytesPerSecond(), ctx.uniform);
}

void MscQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.rho;
  out[1] = state_.pa;
}

}  // namespace aqmlab
