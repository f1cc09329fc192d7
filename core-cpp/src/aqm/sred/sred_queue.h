// Self-configuring RED as a queue discipline: red_law's average and decision,
// with max_p moved by sred_law's threshold-crossing rule.
#pragma once

#include <array>

#include "aqm/param_binding.h"
#include "aqm/sred/sred_law.h"

namespace aqmlab {

class SredQueue final : public ParamQueue<SredQueue, sred::Params> {
 public:
  static constexpr std::array<ParamField<sred::Params>, 8> kFields{{
      {{"wq", "Averaging weight", "", ParamKind::kReal, 0.002, 1e-6, 1, 1e-4,
        "EWMA weight of the average queue, as RED's (Feng et al. 1999)."},
       &sred::Params::wq},
      {{"min_th", "Minimum threshold", "pkts", ParamKind::kReal, 5, 0, 1000000, 1,
        "Below this average nothing is dropped; falling below it divides max_p by alpha. Lab "
        "default: a quarter of the buffer.",
        0.25},
       &sred::Params::min_th},
      {{"max_th", "Maximum threshold", "pkts", ParamKind::kReal, 15, 1, 1000000, 1,
        "At this average the probability reaches max_p; rising above it multiplies max_p by "
        "beta. Lab default: three quarters of the buffer.",
        0.75},
       &sred::Params::max_th},
      {{"max_p", "Initial maximum probability", "", ParamKind::kReal, 0.1, 0.01, 1, 0.001,
        "Starting max_p, kept in [0.01, 1] by the adaptation. Setting it restarts the "
        "adaptation from the new value."},
       &sred::Params::max_p},
      {{"gentle", "Gentle", "", ParamKind::kToggle, 1, 0, 1, 1,
        "Ramp from max_p to 1 between max_th and 2 max_th instead of jumping to 1."},
       &sred::Params::gentle},
      {{"byte_mode", "Byte mode", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Measure the queue in bytes (in units of the scenario's packet size) and scale the "
        "probability by packet size, as RED's byte mode."},
       &sred::Params::byte_mode},
      {{"alpha", "Decrease divisor", "", ParamKind::kReal, 3, 1.01, 100, 0.1,
        "max_p /= alpha each time the average crosses below min_th (Feng et al. 1999: 3). "
        "Crossings are entries into a region; the average starts below min_th without one."},
       &sred::Params::alpha},
      {{"beta", "Increase factor", "", ParamKind::kReal, 2, 1.01, 100, 0.1,
        "max_p *= beta each time the average crosses above max_th (Feng et al. 1999: 2)."},
       &sred::Params::beta},
  }};
  static Status Validate(const sred::Params& p);
  static const AqmDescriptor& Describe();

  SredQueue(const QueueDiscEnv& env, const sred::Params& params);
  double probability() const override { return state_.red.pb; }
  void ReadSignals(std::span<double> out) const override;
  const sred::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnIdleStart(Time now) override { state_.red.idle_since = now; }
  void OnParamsChanged() override;

 private:
  sred::State state_;
  double applied_max_p_;
};

}  // namespace aqmlab
