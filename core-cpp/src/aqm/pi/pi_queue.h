// PI as a queue discipline: the law of pi_law.h sampled by a periodic timer,
// deciding at enqueue.
#pragma once

#include <array>

#include "aqm/param_binding.h"
#include "aqm/pi/pi_law.h"

namespace aqmlab {

class PiQueue final : public ParamQueue<PiQueue, pi::Params> {
 public:
  static constexpr std::array<ParamField<pi::Params>, 4> kFields{{
      {LogScale({"a", "Gain a", "1/pkt", ParamKind::kReal, 1.822e-5, 0, 0.01, 1e-7,
        "Weight of the current queue error (Hollot et al. 2001: 1.822e-5)."}, 1e-7, 1e-3),
       &pi::Params::a},
      {LogScale({"b", "Gain b", "1/pkt", ParamKind::kReal, 1.816e-5, 0, 0.01, 1e-7,
        "Weight of the previous queue error (Hollot et al. 2001: 1.816e-5); a > b integrates."},
                1e-7, 1e-3),
       &pi::Params::b},
      {{"freq_hz", "Sampling frequency", "Hz", ParamKind::kReal, 170, 1, 10000, 1,
        "How often the queue is sampled and p updated (Hollot et al. 2001: 170 Hz)."},
       &pi::Params::freq_hz},
      {BufferBound({"qref", "Reference queue", "pkts", ParamKind::kReal, 50, 0, 1000000, 1,
        "The queue PI holds. The paper sets it per experiment; lab default: a quarter of the "
        "buffer.",
        0.25}),
       &pi::Params::qref},
  }};
  static Status Validate(const pi::Params&) { return {}; }
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  PiQueue(const QueueDiscEnv& env, const pi::Params& params);
  double probability() const override { return state_.p; }
  void ReadSignals(std::span<double> out) const override;
  const pi::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnTimer(Time) override;
  void OnParamChanged(std::string_view name) override;

 private:
  pi::State state_;
};

}  // namespace aqmlab
