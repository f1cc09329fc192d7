// AutoRED as a queue discipline: autored_law's weight over red_law's average
// and decision, and for the ARED base ared_law's max_p adaptation on a timer.
#pragma once

#include <array>

#include "aqm/autored/autored_law.h"
#include "aqm/param_binding.h"
#include "aqm/red/red_fields.h"

namespace aqmlab {

// What RED's fields do here (red_fields.h declares them).
inline constexpr red::FieldText kAutoRedText{
    .wq_label = "Initial averaging weight",
    .wq = "The base's wq, used until the deviations seen so far include both signs (the lab's "
        "reading: before that the weight I J / B is zero and would freeze the average). The "
        "AutoRED paper uses 0.0004.",
    .min_th = "Below this average nothing is dropped (paper: 40 with B = 240). Lab default: a quarter "
        "of the buffer.",
    .max_th = "At this average the probability reaches max_p (paper: 120). Lab default: three "
        "quarters of the buffer.",
    .max_p = "Drop probability at max_th (paper: 0.02); the starting value of the adaptation over "
        "ARED.",
    .gentle = "Ramp from max_p to 1 between max_th and 2 max_th (the paper runs gentle).",
    .byte_mode = red::kByteModeAsRed,
};

class AutoRedQueue final : public ParamQueue<AutoRedQueue, autored::Params> {
 public:
  // Before RED's six.
  static constexpr std::array<ParamField<autored::Params>, 1> kBaseField{{
      {{"base", "Base discipline", "", ParamKind::kInteger, 0, 0, 1, 1,
        "0 = AutoRED over RED (max_p fixed), 1 = over Adaptive RED (max_p adapted every "
        "interval, Floyd et al. 2001). AutoRED replaces only the averaging weight (Suthaharan)."},
       &autored::Params::base},
  }};
  // After them.
  static constexpr std::array<ParamField<autored::Params>, 1> kIntervalField{{
      {{"interval", "ARED interval", "s", ParamKind::kReal, 0.5, 0.01, 100, 0.01,
        "Time between ARED's max_p adaptations; used only when base = 1."},
       &autored::Params::interval},
  }};
  static constexpr std::array<ParamField<autored::Params>, 9> kFields =
      JoinFields(JoinFields(kBaseField, red::Fields<autored::Params>(kAutoRedText)), kIntervalField);
  static Status Validate(const autored::Params& p);
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  AutoRedQueue(const QueueDiscEnv& env, const autored::Params& params);
  double probability() const override { return state_.red.pb; }
  void ReadSignals(std::span<double> out) const override;
  const autored::State& state() const { return state_; }
  std::unique_ptr<RunningState> running_state() const override;

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnIdleStart(Time now) override { state_.red.idle_since = now; }
  void OnTimer(Time) override;
  void OnParamChanged(std::string_view name) override;
  void TakeOver(const RunningState& s) override;

 private:
  autored::State state_;
};

}  // namespace aqmlab
