#include "aqm/rem/rem_queue.h"

namespace aqmlab {

const AqmDescriptor& RemQueue::Describe() {
  static const AqmDescriptor d{
      "rem",
      "REM",
      "Athuraliya, Low, Li & Yin, REM: active queue management, IEEE Network 2001",
      "Integrates the backlog mismatch and the input rate's mismatch with the capacity into a "
      "price and drops with probability 1 - phi^(-price).",
      SpecsOf<rem::Params>(kFields),
      {{"price", "Price", ""}},
      LawText{R"tex(\begin{gathered} u \leftarrow \big[u + \gamma\,(q - (1-\alpha)\,q_{old} - \alpha\, q_0)\big]^+ \\ p = 1 - \phi^{-u} \end{gathered})tex",
              "REM keeps a price that rises while the queue is above its target or growing and falls otherwise, and drops with a probability exponential in the price. Prices along a path add up in the exponent, so the end-to-end loss tells a source the sum of the prices it pays.",
              "Athuraliya, Low, Li & Yin, REM: active queue management (IEEE Network 2001)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(q_0)tex", LawSource::kParam, "q0"},
               {R"tex(\gamma)tex", LawSource::kParam, "gamma"},
               {R"tex(\phi)tex", LawSource::kParam, "phi"},
               {R"tex(u)tex", LawSource::kSignal, "price"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"q0", LevelChart::kQueue, "q0", 1, ""}}};
  return d;
}

RemQueue::RemQueue(const QueueDiscEnv& env, const rem::Params& params)
    : ParamQueue(env, params), last_update_(env.loop->now()) {
  StartPeriodicTimer(Time::Millis(params_.interval_ms));
}

Decision RemQueue::OnArrival(const ArrivalContext& ctx) { return rem::Decide(state_, ctx.uniform); }

void RemQueue::OnTimer(Time now) {
  // Rates in packets of the scenario's size, so a full link gives
  // arrived = capacity whatever the packets' sizes.
  const double typical = static_cast<double>(link().typical_packet);
  const Bytes arrived = counters().arrival_bytes;
  const rem::Interval in{static_cast<double>(arrived - arrived_before_) / typical,
                         link().capacity_bps * (now - last_update_).seconds() / (8.0 * typical)};
  arrived_before_ = arrived;
  last_update_ = now;
  rem::Update(params_, state_, static_cast<double>(packets()), in);
}

void RemQueue::OnParamChanged(std::string_view) {
  StartPeriodicTimer(Time::Millis(params_.interval_ms));
}

}  // namespace aqmlab
