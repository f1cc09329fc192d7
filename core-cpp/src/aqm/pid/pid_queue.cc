#include "aqm/pid/pid_queue.h"

namespace aqmlab {

const AqmDescriptor& PidQueue::Describe() {
  static const AqmDescriptor d{
      "pid",
      "PID",
      "Discrete PID on the queue error; gains designed by the lab for its default scenario",
      "Moves p with the queue's error from a reference, its integral and its slope.",
      SpecsOf<pid::Params>(kFields),
      {{"error", "Queue error", "pkts"}}};
  return d;
}

PidQueue::PidQueue(const QueueDiscEnv& env, const pid::Params& params)
    : ParamQueue(env, params), state_(pid::Initial(params)) {
  StartPeriodicTimer(Time::Seconds(1.0 / params_.freq_hz));
}

Decision PidQueue::OnArrival(const ArrivalContext& ctx) { return pid::Decide(state_, ctx.uniform); }

void PidQueue::OnTimer(Time) { pid::Update(params_, state_, static_cast<double>(packets())); }

void PidQueue::OnParamChanged(std::string_view) {
  StartPeriodicTimer(Time::Seconds(1.0 / params_.freq_hz));
}

}  // namespace aqmlab
