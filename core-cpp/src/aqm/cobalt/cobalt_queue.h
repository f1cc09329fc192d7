// COBALT as a queue discipline (ns-3's CobaltQueueDisc: one FIFO): the law
// of cobalt_law.h judging each packet as it leaves; a full buffer and an
// empty queue move BLUE.
#pragma once

#include <array>

#include "aqm/cobalt/cobalt_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class CobaltQueue final : public ParamQueue<CobaltQueue, cobalt::Params> {
 public:
  static constexpr std::array<ParamField<cobalt::Params>, 5> kFields{{
      {{"target_ms", "Target", "ms", ParamKind::kReal, 5, 0.1, 1000, 0.1,
        "CoDel's target sojourn time, also BLUE's freeze time (Linux's CAKE and ns-3: 5 ms)."},
       &cobalt::Params::target_ms},
      {{"interval_ms", "Interval", "ms", ParamKind::kReal, 100, 1, 10000, 1,
        "CoDel's interval: the first signal's delay and the spacing's scale (Linux's CAKE and "
        "ns-3: 100 ms)."},
       &cobalt::Params::interval_ms},
      {{"p_inc", "BLUE increment", "", ParamKind::kReal, 1.0 / 256, 0, 1, 1.0 / 4096,
        "BLUE's step up of its drop probability when the buffer overflows (1/256)."},
       &cobalt::Params::p_inc},
      {{"p_dec", "BLUE decrement", "", ParamKind::kReal, 1.0 / 4096, 0, 1, 1.0 / 65536,
        "BLUE's step down when the queue is found empty (1/4096)."},
       &cobalt::Params::p_dec},
      {{"blue_threshold_ms", "BLUE delay threshold", "ms", ParamKind::kReal, 400, 1, 100000, 1,
        "A packet that waited longer also raises BLUE's probability (ns-3's BlueThreshold, "
        "400 ms; Linux's CAKE has no such threshold)."},
       &cobalt::Params::blue_threshold_ms},
  }};
  static Status Validate(const cobalt::Params& p);
  static const AqmDescriptor& Describe();

  using ParamQueue::ParamQueue;
  // p(t): BLUE's drop probability.
  double probability() const override { return cobalt::BlueProbability(state_); }
  void ReadSignals(std::span<double> out) const override;
  const cobalt::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  Decision OnDeparture(const DepartureContext& ctx) override;
  void OnIdleStart(Time now) override { cobalt::OnQueueEmpty(params_, state_, now); }

 private:
  cobalt::State state_;
  double signal_share_ = 0;
};

}  // namespace aqmlab
