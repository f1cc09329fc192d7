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
      {{"q_sample", "Sampled queue", "pkts"}},
      LawText{R"tex(p_k = p_{k-1} + a\,(q_k - q_{ref}) - b\,(q_{k-1} - q_{ref}))tex",
              "The PI controller integrates the queue error, so unlike RED it has no steady-state offset: the queue settles on q_ref at any load. Hollot et al. designed a and b from the linearised TCP fluid model so that the loop keeps a phase margin for all loads above a minimum and RTTs below a maximum; the Bode plot here is that loop for the current scenario.",
              "Hollot, Misra, Towsley & Gong, On designing improved controllers for AQM routers supporting TCP flows (INFOCOM 2001)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(q_k)tex", LawSource::kSignal, "q_sample"},
               {R"tex(a)tex", LawSource::kParam, "a"},
               {R"tex(b)tex", LawSource::kParam, "b"},
               {R"tex(q_{ref})tex", LawSource::kParam, "qref"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"qref", LevelChart::kQueue, "qref", 1, ""}}};
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
