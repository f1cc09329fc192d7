#include "aqm/pi/pi_queue.h"

namespace aqmlab {

const AqmDescriptor& PiQueue::Describe() {
  static const AqmDescriptor d{
      "pi",
      "PI",
      "Hollot, Misra, Towsley & Gong, On designing improved controllers for AQM routers "
      "supporting TCP flows, INFOCOM 2001",
      "A proportional-integral controller that moves p with the sampled queue's error from a "
      "reference, so the queue settles at qref whatever the load.",
      SpecsOf<pi::Params>(kFields),
      {{"q_sample", "Sampled queue", "pkts"}}};
  return d;
}

PiQueue::PiQueue(const QueueDiscEnv& env, const pi::Params& params) : ParamQueue(env, params) {
  StartPeriodicTimer(Time::Seconds(1.0 / params_.freq_hz));
}

Decision PiQueue::OnArrival(const ArrivalContext& ctx) { return pi::Decide(state_, ctx.uniform); }

void PiQueue::OnTimer(Time) { pi::Update(params_, state_, static_cast<double>(packets())); }

void PiQueue::OnParamChanged(std::string_view) {
  StartPeriodicTimer(Time::Seconds(1.0 / params_.freq_hz));
}

void PiQueue::ReadSignals(std::span<double> out) const { out[0] = state_.q_old; }

}  // namespace aqmlab
