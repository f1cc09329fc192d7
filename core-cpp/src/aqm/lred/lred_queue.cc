#include "aqm/lred/lred_queue.h"

namespace aqmlab {

Status LredQueue::Validate(const lred::Params&) { return {}; }

const AqmDescriptor& LredQueue::Describe() {
  static const AqmDescriptor d{
      "lred",
      "LRED",
      "Wang, Li, Hou, Sohraby, Lin, LRED: a robust active queue management scheme based on "
      "packet loss ratio, IEEE INFOCOM 2004",
      "Sets the base drop probability from the measured loss ratio and corrects it with the "
      "queue's distance from its target.",
      SpecsOf<lred::Params>(kFields),
      {{"l", "Loss ratio", ""}, {"gain", "Queue gain beta sqrt(l)", "1/pkt"}},
      LawText{R"tex(p = l + \beta\sqrt{l}\,(q - q_0))tex",
              "LRED measures the loss ratio l over a few seconds and uses it as the base drop probability: at equilibrium that is exactly the rate TCP needs. A small term proportional to the queue error then pulls the queue to q0 within each round trip. The gain is scaled by the square root of l so that the loop stays stable as the load changes; the paper derives the largest stable beta.",
              "Wang, Li, Hou, Sohraby & Lin, LRED (IEEE INFOCOM 2004)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(q_0)tex", LawSource::kParam, "q0"},
               {R"tex(\beta)tex", LawSource::kParam, "beta"},
               {R"tex(l)tex", LawSource::kSignal, "l"},
               {R"tex(\beta\sqrt{l})tex", LawSource::kSignal, "gain"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"q0", LevelChart::kQueue, "q0", 1, ""}}};
  return d;
}

LredQueue::LredQueue(const QueueDiscEnv& env, const lred::Params& params)
    : ParamQueue(env, params) {
  StartPeriodicTimer(Time::Seconds(params_.mp));
}

Decision LredQueue::OnArrival(const ArrivalContext& ctx) {
  const ArrivalMeasure m = MeasureArrival(params_.byte_mode, ctx, link().typical_packet);
  return lred::Decide(params_, state_, m.queue, m.size_ratio, ctx.buffer_full, ctx.uniform);
}

void LredQueue::OnParamChanged(std::string_view) {
  state_.gain = lred::Gain(params_.beta, state_.meter.l);
  StartPeriodicTimer(Time::Seconds(params_.mp));  // a new mp applies from the next tick
}

void LredQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.meter.l;
  out[1] = state_.gain;
}

}  // namespace aqmlab
