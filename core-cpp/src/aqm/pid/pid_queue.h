// PID as a queue discipline: the law of pid_law.h sampled by a periodic
// timer, deciding at enqueue.
#pragma once

#include <array>

#include "aqm/param_binding.h"
#include "aqm/pid/pid_law.h"

namespace aqmlab {

class PidQueue final : public ParamQueue<PidQueue, pid::Params> {
 public:
  static constexpr std::array<ParamField<pid::Params>, 5> kFields{{
      {LogScale({"kp", "Proportional gain", "1/pkt", ParamKind::kReal, 8e-5, 0, 0.1, 1e-6,
        "Kp. Lab design for the default scenario (see README): 8e-5."}, 1e-7, 1e-2),
       &pid::Params::kp},
      {LogScale({"ki", "Integral gain", "1/(pkt s)", ParamKind::kReal, 4e-5, 0, 0.1, 1e-6,
        "Ki, the rate p integrates the error at. Lab design: 4e-5."}, 1e-7, 1e-2),
       &pid::Params::ki},
      {LogScale({"kd", "Derivative gain", "s/pkt", ParamKind::kReal, 2e-6, 0, 0.1, 1e-7,
        "Kd, on the sampled queue's slope. Lab design: 2e-6 (more amplifies packet-scale noise)."},
                1e-8, 1e-3),
       &pid::Params::kd},
      {{"freq_hz", "Sampling frequency", "Hz", ParamKind::kReal, 50, 1, 10000, 1,
        "How often the queue is sampled and p updated. Lab design: 50 Hz."},
       &pid::Params::freq_hz},
      {BufferBound({"qref", "Reference queue", "pkts", ParamKind::kReal, 50, 0, 1000000, 1,
        "The queue PID holds. Lab default: a quarter of the buffer, like PI.", 0.25}),
       &pid::Params::qref},
  }};
  static Status Validate(const pid::Params&) { return {}; }
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  PidQueue(const QueueDiscEnv& env, const pid::Params& params);
  double probability() const override { return state_.p; }
  void ReadSignals(std::span<double> out) const override { out[0] = state_.e1; }
  const pid::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnTimer(Time) override;
  void OnParamChanged(std::string_view name) override;

 private:
  pid::State state_;
};

}  // namespace aqmlab
