#include "aqm/aaqm/aaqm_queue.h"

namespace aqmlab {

const AqmDescriptor& AaqmQueue::Describe() {
  static const AqmDescriptor d{
      "aaqm",
      "AAQM",
      "Rahmani, Ahlund, Kanter, an adaptive AQM based on the ratio of arrivals to departures",
      "Steers the drop probability every T with the ratio U of arrivals to departures, keeping "
      "the arrival rate at or just below the departure rate.",
      SpecsOf<aaqm::Params>(kFields),
      {{"U", "Arrivals / departures", ""}}};
  return d;
}

AaqmQueue::AaqmQueue(const QueueDiscEnv& env, const aaqm::Params& params)
    : ParamQueue(env, params) {
  StartPeriodicTimer(Time::Seconds(params_.interval));
}

}  // namespace aqmlab
