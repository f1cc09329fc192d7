// Adaptive RED as a queue discipline: red_law's average and decision on the
// curve ared_law adapts, behind the queue base, with a timer every interval.
#pragma once

#include <array>

#include "aqm/ared/ared_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class AredQueue final : public ParamQueue<AredQueue, ared::Params> {
 public:
  static constexpr std::array<ParamField<ared::Params>, 9> kFields{{
      {{"wq", "Averaging weight", "", ParamKind::kReal, 0.002, 1e-6, 1, 1e-4,
        "EWMA weight of the average queue, as RED's; replaced by 1 - exp(-1/C) when auto is on "
        "(Floyd, Gummadi & Shenker 2001)."},
       &ared::Params::wq},
      {{"min_th", "Minimum threshold", "pkts", ParamKind::kReal, 5, 0, 1000000, 1,
        "Below this average nothing is dropped. Lab default: a quarter of the buffer; auto: "
        "max(5, target_delay C / 2).",
        0.25},
       &ared::Params::min_th},
      {{"max_th", "Maximum threshold", "pkts", ParamKind::kReal, 15, 1, 1000000, 1,
        "At this average the probability reaches max_p. Lab default: three quarters of the "
        "buffer; auto: 3 min_th.",
        0.75},
       &ared::Params::max_th},
      {{"max_p", "Initial maximum probability", "", ParamKind::kReal, 0.1, 0, 1, 0.001,
        "Starting max_p; every interval it grows by min(0.01, max_p / 4) while the average is "
        "above the band's 60% point (and max_p <= 0.5), and shrinks by 0.9 below its 40% point "
        "(and max_p >= 0.01). Setting it restarts the adaptation from the new value."},
       &ared::Params::max_p},
      {{"gentle", "Gentle", "", ParamKind::kToggle, 1, 0, 1, 1,
        "Ramp from max_p to 1 between max_th and 2 max_th (on in ARED, Floyd et al. 2001)."},
       &ared::Params::gentle},
      {{"byte_mode", "Byte mode", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Measure the queue in bytes (in units of the scenario's packet size) and scale the "
        "probability by packet size, as RED's byte mode."},
       &ared::Params::byte_mode},
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
  static Status Validate(const ared::Params& p);
  static const AqmDescriptor& Describe();

  AredQueue(const QueueDiscEnv& env, const ared::Params& params);
  double probability() const override { return state_.red.pb; }
  void ReadSignals(std::span<double> out) const override;
  const ared::State& state() const { return state_; }
  // The RED curve in force: thresholds, weight and the adapted max_p.
  const red::Params& curve() const { return curve_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnIdleStart(Time now) override { state_.red.idle_since = now; }
  void OnTimer(Time) override;
  void OnParamsChanged() override;
  void OnCapacityChanged() override { RefreshCurve(); }

 private:
  void RefreshCurve();
  ared::State state_;
  red::Params curve_;
  double applied_max_p_;
};

}  // namespace aqmlab
