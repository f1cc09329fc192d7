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
      {{"price", "Price", ""}}};
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
