#include "aqm/pie/pie_queue.h"

namespace aqmlab {

const AqmDescriptor& PieQueue::Describe() {
  static const AqmDescriptor d{
      "pie",
      "PIE",
      "Pan, Natarajan, Baker & White, Proportional Integral Controller Enhanced (PIE), RFC 8033, "
      "2017",
      "Drops at enqueue with a probability that a PI controller on the queueing delay updates "
      "every 15 ms, with steps scaled to p's order of magnitude.",
      SpecsOf<pie::Params>(kFields),
      {{"qdelay", "Delay estimate", "ms"}, {"burst_allowance", "Burst allowance", "ms"}},
      LawText{R"tex(p \leftarrow p + \alpha\,(\tau - \tau_{ref}) + \beta\,(\tau - \tau_{old}))tex",
              "PIE is a PI controller on the queueing delay, estimated from the queue length and the departure rate. It updates every t_update and scales alpha and beta down while p is small, so a lightly loaded link is not pushed around; a burst allowance lets short bursts through untouched.",
              "Pan, Natarajan, Baker & White, PIE (RFC 8033, 2017)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\tau)tex", LawSource::kSignal, "qdelay"},
               {R"tex(\tau_{ref})tex", LawSource::kParam, "target_ms"},
               {R"tex(\alpha)tex", LawSource::kParam, "alpha"},
               {R"tex(\beta)tex", LawSource::kParam, "beta"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"target_ms", LevelChart::kDelay, "target", 1, ""}}};
  return d;
}

PieQueue::PieQueue(const QueueDiscEnv& env, const pie::Params& params)
    : ParamQueue(env, params), state_(pie::Initial(params)) {
  StartPeriodicTimer(Time::Millis(params_.t_update_ms));
}

Decision PieQueue::OnArrival(const ArrivalContext& ctx) {
  return pie::OnArrival(params_, state_, ctx.queue_bytes, link().typical_packet,
                        CongestWouldMark(), ctx.uniform);
}

Decision PieQueue::OnDeparture(const DepartureContext& ctx) {
  pie::OnDeparture(state_, ctx.sojourn);
  return Decision::kPass;
}

void PieQueue::OnParamChanged(std::string_view) {
  StartPeriodicTimer(Time::Millis(params_.t_update_ms));
}

void PieQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.qdelay.millis();
  out[1] = state_.burst_allowance.millis();
}

}  // namespace aqmlab
