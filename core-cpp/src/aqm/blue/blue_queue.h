// BLUE as a queue discipline: the law of blue_law.h behind the queue base.
#pragma once

#include <array>

#include "aqm/blue/blue_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class BlueQueue final : public ParamQueue<BlueQueue, blue::Params> {
 public:
  static constexpr std::array<ParamField<blue::Params>, 3> kFields{{
      {{"freeze_ms", "Freeze time", "ms", ParamKind::kReal, 10, 0, 10000, 1,
        "Minimum time between two changes of p (Feng et al. 2002; AAQM paper's Table 3: 10 ms)."},
       &blue::Params::freeze_ms},
      {{"d1", "Increment", "", ParamKind::kReal, 0.001, 0, 1, 0.0001,
        "Added to p when a packet is lost to a full buffer (AAQM paper's Table 3: 0.001)."},
       &blue::Params::d1},
      {{"d2", "Decrement", "", ParamKind::kReal, 0.0002, 0, 1, 0.0001,
        "Taken from p when the link goes idle (AAQM paper's Table 3: 0.0002)."},
       &blue::Params::d2},
  }};
  static Status Validate(const blue::Params&) { return {}; }
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();

  using ParamQueue::ParamQueue;
  double probability() const override { return state_.p; }
  const blue::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnIdleStart(Time now) override { blue::OnLinkIdle(params_, state_, now); }

 private:
  blue::State state_;
};

}  // namespace aqmlab
