#include "aqm/pid/pid_queue.h"

namespace aqmlab {

const AqmDescriptor& PidQueue::Describe() {
  static const AqmDescriptor d{
      "pid",
      "PID",
      "Discrete PID on the queue error; gains designed by the lab for its default scenario",
      "Moves p with the queue's error from a reference, its integral and its slope.",
      SpecsOf<pid::Params>(kFields),
      {{"error", "Queue error", "pkts"}},
      LawText{R"tex(\begin{gathered} p = K_p\, e + K_i \sum e\,\Delta t + K_d\, \frac{\Delta e}{\Delta t} \\ e = q - q_{ref} \end{gathered})tex",
              "A textbook PID loop on the queue error: the proportional term reacts now, the integral removes the steady offset, the derivative damps the swing. The lab chose its default gains so that its own default scenario is stable; they are not from a paper.",
              "a classical PID controller, gains set by the lab",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(q_{ref})tex", LawSource::kParam, "qref"},
               {R"tex(K_p)tex", LawSource::kParam, "kp"},
               {R"tex(K_i)tex", LawSource::kParam, "ki"},
               {R"tex(K_d)tex", LawSource::kParam, "kd"},
               {R"tex(e)tex", LawSource::kSignal, "error"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"qref", LevelChart::kQueue, "qref", 1, ""}}};
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
