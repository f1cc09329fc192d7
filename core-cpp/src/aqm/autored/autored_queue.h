// AutoRED as a queue discipline: autored_law's weight over red_law's average
// and decision, and for the ARED base ared_law's max_p adaptation on a timer.
#pragma once

#include <array>

#include "aqm/autored/autored_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class AutoRedQueue final : public ParamQueue<AutoRedQueue, autored::Params> {
 public:
  static constexpr std::array<ParamField<autored::Params>, 8> kFields{{
      {{"base", "Base discipline", "", ParamKind::kInteger, 0, 0, 1, 1,
        "0 = AutoRED over RED (max_p fixed), 1 = over Adaptive RED (max_p adapted every "
        "interval, Floyd et al. 2001). AutoRED replaces only the averaging weight (Suthaharan)."},
       &autored::Params::base},
      {{"wq", "Initial averaging weight", "", ParamKind::kReal, 0.002, 1e-6, 1, 1e-4,
        "The base's wq, used until the deviations seen so far include both signs (the lab's "
        "reading: before that the weight I J / B is zero and would freeze the average). The "
        "AutoRED paper uses 0.0004."},
       &autored::Params::wq},
      {{"min_th", "Minimum threshold", "pkts", ParamKind::kReal, 5, 0, 1000000, 1,
        "Below this average nothing is dropped (paper: 40 with B = 240). Lab default: a quarter "
        "of the buffer.",
        0.25},
       &autored::Params::min_th},
      {{"max_th", "Maximum threshold", "pkts", ParamKind::kReal, 15, 1, 1000000, 1,
        "At this average the probability reaches max_p (paper: 120). Lab default: three "
        "quarters of the buffer.",
        0.75},
       &autored::Params::max_th},
      {{"max_p", "Maximum probability", "", ParamKind::kReal, 0.1, 0, 1, 0.001,
        "Drop probability at max_th (paper: 0.02); the starting value of the adaptation over "
        "ARED."},
       &autored::Params::max_p},
      {{"gentle", "Gentle", "", ParamKind::kToggle, 1, 0, 1, 1,
        "Ramp from max_p to 1 between max_th and 2 max_th (the paper runs gentle)."},
       &autored::Params::gentle},
      {{"byte_mode", "Byte mode", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Measure the queue in bytes (in units of the scenario's packet size) and scale the "
        "probability by packet size, as RED's byte mode."},
       &autored::Params::byte_mode},
      {{"interval", "ARED interval", "s", ParamKind::kReal, 0.5, 0.01, 100, 0.01,
        "Time between ARED's max_p adaptations; used only when base = 1."},
       &autored::Params::interval},
  }};
  static Status Validate(const autored::Params& p);
  static const AqmDescriptor& Describe();

  AutoRedQueue(const QueueDiscEnv& env, const autored::Params& params);
  double probability() const override { return state_.red.pb; }
  void ReadSignals(std::span<double> out) const override;
  const autored::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnIdleStart(Time now) override { state_.red.idle_since = now; }
  void OnTimer(Time) override;
  void OnParamsChanged() override;

 private:
  autored::State state_;
  autored::Params applied_;  // the parameters as last applied
};

}  // namespace aqmlab
