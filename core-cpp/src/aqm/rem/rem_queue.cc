#include "aqm/rem/rem_queue.h"

namespace aqmlab {

const AqmDescriptor& RemQueue::Describe() {
  static const AqmDescriptor d{
      "rem",
      "REM",
      "Athuraliya, Low, Li & Yin, REM: active queue management, IEEE Network 2001",
      "Integrates the backlog mismatch and growth into a price and drops with probability "
      "1 - phi^(-price).",
      SpecsOf<rem::Params>(kFields),
      {{"price", "Price", ""}}};
  return d;
}

RemQueue::RemQueue(const QueueDiscEnv& env, const rem::Params& params) : ParamQueue(env, params) {
  StartPeriodicTimer(Time::Millis(params_.interval_ms));
}

Decision RemQueue::OnArrival(const ArrivalContext& ctx) { return rem::Decide(state_, ctx.uniform); }

void RemQueue::OnTimer(Time) { rem::Update(params_, state_, static_cast<double>(packets())); }

void RemQueue::OnParamChanged(std::string_view) {
  StartPeriodicTimer(Time::Millis(params_.interval_ms));
}

}  // namespace aqmlab
