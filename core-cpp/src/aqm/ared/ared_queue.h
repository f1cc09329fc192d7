// Adaptive RED as a queue discipline: red_law's average and decision on the
// curve ared_law adapts, behind the queue base, with a timer every interval.
#pragma once

#include <array>

#include "aqm/ared/ared_law.h"
#include "aqm/param_binding.h"
#include "aqm/red/red_fields.h"

namespace aqmlab {

// What RED's fields do here (red_fields.h declares them).
inline constexpr red::FieldText kAredText{
    .wq = "EWMA weight of the average queue, as RED's; replaced by 1 - exp(-1/C) when auto is on "
        "(Floyd, Gummadi & Shenker 2001).",
    .min_th = "Below this average nothing is dropped. Lab default: a quarter of the buffer; auto: "
        "max(5, target_delay C / 2).",
    .max_th = "At this average the probability reaches max_p. Lab default: three quarters of the "
        "buffer; auto: 3 min_th.",
    .max_p_label = "Initial maximum probability",
    .max_p = "Starting max_p; every interval it grows by min(0.01, max_p / 4) while the average is "
        "above the band's 60% point (and max_p <= 0.5), and shrinks by 0.9 below its 40% point "
        "(and max_p >= 0.01). Setting it restarts the adaptation from the new value.",
    .gentle = "Ramp from max_p to 1 between max_th and 2 max_th (on in ARED, Floyd et al. 2001).",
    .byte_mode = red::kByteModeAsRed,
};

class AredQueue final : public ParamQueue<AredQueue, ared::Params> {
 public:
  // After RED's six.
  static constexpr std::array<ParamField<ared::Params>, 3> kOwnFields{{
      {{"interval", "Adaptation interval", "s", ParamKind::kReal, 0.5, 0.01, 100, 0.01,
        "Time between max_p adaptations (Floyd et al. 2001: 0.5 s)."},
       &ared::Params::interval},
      {{"auto", "Automatic settings", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Derive wq = 1 - exp(-1/C), min_th = max(5, target_delay C / 2) and max_th = 3 min_th "
        "from the capacity C in packets/s (Floyd et al. 2001), ignoring those three fields."},
       &ared::Params::auto_settings},
      {{"target_delay", "Target delay", "s", ParamKind::kReal, 0.005, 0.0001, 10, 0.001,
        "Queueing delay the automatic min_th aims at (Floyd et al. 2001: 5 ms); used only when "
        "auto is on."},
       &ared::Params::target_delay},
  }};
  static constexpr std::array<ParamField<ared::Params>, 10> kFields =
      JoinFields(red::Fields<ared::Params>(kAredText), kOwnFields);
  static Status Validate(const ared::Params& p);
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  AredQueue(const QueueDiscEnv& env, const ared::Params& params);
  double probability() const override { return state_.red.pb; }
  void ReadSignals(std::span<double> out) const override;
  const ared::State& state() const { return state_; }
  // The RED curve in force: thresholds, weight and the adapted max_p.
  const red::Params& curve() const { return curve_; }
  std::unique_ptr<RunningState> running_state() const override {
    return red::HandoverOf(state_.red, state_.max_p);
  }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnIdleStart(Time now) override { state_.red.idle_since = now; }
  void OnTimer(Time) override;
  void OnParamChanged(std::string_view name) override;
  void OnCapacityChanged() override { RefreshCurve(); }
  void TakeOver(const RunningState& s) override;

 private:
  void RefreshCurve();
  ared::State state_;
  red::Params curve_;
};

}  // namespace aqmlab
