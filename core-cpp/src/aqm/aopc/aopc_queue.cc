#include "aqm/aopc/aopc_queue.h"

namespace aqmlab {

const AqmDescriptor& AopcQueue::Describe() {
  static const AqmDescriptor d{
      "aopc",
      "AOPC",
      "Wang & Rong, An adaptive optimized proportional controller for active queue management",
      "LRED's loss-ratio base probability with a proportional queue gain retuned each period "
      "so the TCP/AQM loop has damping 0.707.",
      SpecsOf<aopc::Params>(kFields),
      {{"l", "Loss ratio", ""}, {"gamma", "Queue gain gamma", "1/pkt"}}};
  return d;
}

AopcQueue::AopcQueue(const QueueDiscEnv& env, const aopc::Params& params)
    : ParamQueue(env, params), state_(aopc::InitialState(params)) {
  StartPeriodicTimer(Time::Seconds(params_.mp));
}

Decision AopcQueue::OnArrival(const ArrivalContext& ctx) {
  return aopc::Decide(params_, state_, static_cast<double>(ctx.queue_packets), ctx.buffer_full,
                      ctx.uniform);
}

void AopcQueue::OnTimer(Time) {
  aopc::OnTimer(params_, state_, link().CapacityPacketsPerSecond());
}

void AopcQueue::RefreshGain() {
  state_.gamma =
      aopc::GainAfterMeasurement(params_, state_.meter.l, link().CapacityPacketsPerSecond());
}

void AopcQueue::OnParamChanged(std::string_view) {
  RefreshGain();
  StartPeriodicTimer(Time::Seconds(params_.mp));  // a new mp applies from the next tick
}

void AopcQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.meter.l;
  out[1] = state_.gamma;
}

}  // namespace aqmlab
