// AVQ as a queue discipline: the law of avq_law.h deciding at enqueue.
#pragma once

#include <array>

#include "aqm/avq/avq_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class AvqQueue final : public ParamQueue<AvqQueue, avq::Params> {
 public:
  static constexpr std::array<ParamField<avq::Params>, 2> kFields{{
      {{"gamma", "Desired utilisation", "", ParamKind::kReal, 0.98, 0.01, 1, 0.01,
        "The link utilisation AVQ steers the arrival rate to (Kunniyur & Srikant 2001: 0.98)."},
       &avq::Params::gamma},
      {{"alpha", "Damping", "", ParamKind::kReal, 0.15, 0, 10, 0.005,
        "Step of the virtual capacity per byte of mismatch (paper: 0.15). Smaller is "
        "smoother and slower."},
       &avq::Params::alpha},
  }};
  static Status Validate(const avq::Params&) { return {}; }
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();

  AvqQueue(const QueueDiscEnv& env, const avq::Params& params);
  double probability() const override { return state_.signal_rate; }
  void ReadSignals(std::span<double> out) const override;
  const avq::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnCapacityChanged() override;

 private:
  double CapacityBytesPerSecond() const { return link().capacity_bps / 8.0; }
  avq::State state_;
};

}  // namespace aqmlab
