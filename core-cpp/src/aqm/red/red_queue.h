// RED as a queue discipline: the law of red_law.h behind the queue base.
#pragma once

#include <array>

#include "aqm/param_binding.h"
#include "aqm/red/red_law.h"

namespace aqmlab {

class RedQueue final : public ParamQueue<RedQueue, red::Params> {
 public:
  static constexpr std::array<ParamField<red::Params>, 6> kFields{{
      {{"wq", "Averaging weight", "", ParamKind::kReal, 0.002, 1e-6, 1, 1e-4,
        "EWMA weight of the average queue (Floyd & Jacobson 1993)."},
       &red::Params::wq},
      {{"min_th", "Minimum threshold", "pkts", ParamKind::kReal, 5, 0, 1000000, 1,
        "Below this average nothing is dropped. Lab default: a quarter of the buffer.", 0.25},
       &red::Params::min_th},
      {{"max_th", "Maximum threshold", "pkts", ParamKind::kReal, 15, 1, 1000000, 1,
        "At this average the probability reaches max_p. Lab default: three quarters of the buffer.",
        0.75},
       &red::Params::max_th},
      {{"max_p", "Maximum probability", "", ParamKind::kReal, 0.1, 0, 1, 0.001,
        "Drop probability at max_th."},
       &red::Params::max_p},
      {{"gentle", "Gentle", "", ParamKind::kToggle, 1, 0, 1, 1,
        "Ramp from max_p to 1 between max_th and 2 max_th instead of jumping to 1 (Floyd 2000)."},
       &red::Params::gentle},
      {{"byte_mode", "Byte mode", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Measure the queue in bytes (in units of the scenario's packet size) and scale the "
        "probability by packet size."},
       &red::Params::byte_mode},
  }};
  static Status Validate(const red::Params& p);
  static const AqmDescriptor& Describe();

  using ParamQueue::ParamQueue;
  double probability() const override { return state_.pb; }
  void ReadSignals(std::span<double> out) const override;
  const red::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnIdleStart(Time now) override { state_.idle_since = now; }

 private:
  red::State state_;
};

}  // namespace aqmlab
