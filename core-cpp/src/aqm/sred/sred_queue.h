// Self-configuring RED as a queue discipline: red_law's average and decision,
// with max_p moved by sred_law's threshold-crossing rule.
#pragma once

#include <array>

#include "aqm/param_binding.h"
#include "aqm/red/red_fields.h"
#include "aqm/sred/sred_law.h"

namespace aqmlab {

// What RED's fields do here (red_fields.h declares them).
inline constexpr red::FieldText kSredText{
    .wq = "EWMA weight of the average queue, as RED's (Feng et al. 1999).",
    .min_th = "Below this average nothing is dropped; falling below it divides max_p by alpha. Lab "
        "default: a quarter of the buffer.",
    .max_th = "At this average the probability reaches max_p; rising above it multiplies max_p by "
        "beta. Lab default: three quarters of the buffer.",
    .max_p_label = "Initial maximum probability",
    .max_p = "Starting max_p, kept in [0.01, 1] by the adaptation. Setting it restarts the "
        "adaptation from the new value.",
    .max_p_min = 0.01,
    .gentle = "Ramp from max_p to 1 between max_th and 2 max_th instead of jumping to 1.",
    .byte_mode = red::kByteModeAsRed,
};

class SredQueue final : public ParamQueue<SredQueue, sred::Params> {
 public:
  // After RED's six.
  static constexpr std::array<ParamField<sred::Params>, 2> kOwnFields{{
      {{"alpha", "Decrease divisor", "", ParamKind::kReal, 3, 1.01, 100, 0.1,
        "max_p /= alpha each time the average crosses below min_th (Feng et al. 1999: 3). "
        "Crossings are entries into a region; the average starts below min_th without one."},
       &sred::Params::alpha},
      {{"beta", "Increase factor", "", ParamKind::kReal, 2, 1.01, 100, 0.1,
        "max_p *= beta each time the average crosses above max_th (Feng et al. 1999: 2)."},
       &sred::Params::beta},
  }};
  static constexpr std::array<ParamField<sred::Params>, 9> kFields =
      JoinFields(red::Fields<sred::Params>(kSredText), kOwnFields);
  static Status Validate(const sred::Params& p);
  static const AqmDescriptor& Describe();

  SredQueue(const QueueDiscEnv& env, const sred::Params& params);
  double probability() const override { return state_.red.pb; }
  void ReadSignals(std::span<double> out) const override;
  const sred::State& state() const { return state_; }
  std::unique_ptr<RunningState> running_state() const override {
    return red::HandoverOf(state_.red, state_.max_p);
  }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnIdleStart(Time now) override { state_.red.idle_since = now; }
  void OnParamChanged(std::string_view name) override;
  void TakeOver(const RunningState& s) override;

 private:
  sred::State state_;
};

}  // namespace aqmlab
