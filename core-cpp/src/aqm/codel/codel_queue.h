// CoDel as a queue discipline: the law of codel_law.h judging each packet as
// it leaves the queue (OnDeparture), with the base's FIFO.
#pragma once

#include <array>

#include "aqm/codel/codel_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class CodelQueue final : public ParamQueue<CodelQueue, codel::Params> {
 public:
  static constexpr std::array<ParamField<codel::Params>, 2> kFields{{
      {{"target_ms", "Target", "ms", ParamKind::kReal, 5, 0.1, 1000, 0.1,
        "Acceptable standing queue delay (RFC 8289: 5 ms)."},
       &codel::Params::target_ms},
      {{"interval_ms", "Interval", "ms", ParamKind::kReal, 100, 1, 10000, 1,
        "Window in which the sojourn must dip below target, about a worst-case RTT "
        "(RFC 8289: 100 ms)."},
       &codel::Params::interval_ms},
  }};
  static Status Validate(const codel::Params& p);
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();

  using ParamQueue::ParamQueue;
  double probability() const override { return signal_share_; }
  void ReadSignals(std::span<double> out) const override;
  const codel::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext&) override { return Decision::kPass; }
  Decision OnDeparture(const DepartureContext& ctx) override;
  void OnIdleStart(Time) override { codel::OnEmpty(state_); }

 private:
  codel::State state_;
  double signal_share_ = 0;
};

}  // namespace aqmlab
