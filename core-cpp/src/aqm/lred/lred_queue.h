// LRED as a queue discipline: the law of lred_law.h behind the queue base,
// with a periodic timer for the loss-ratio measurement.
#pragma once

#include <array>

#include "aqm/lred/lred_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class LredQueue final : public ParamQueue<LredQueue, lred::Params> {
 public:
  static constexpr std::array<ParamField<lred::Params>, 6> kFields{{
      {BufferBound({"q0", "Target queue", "pkts", ParamKind::kReal, 50, 1, 1000000, 1,
        "Expected queue q0 that p = l + beta sqrt(l) (q - q0) holds (Wang et al. 2004; the "
        "paper's UDP runs use 100). Lab default: a quarter of the buffer.",
        0.25}),
       &lred::Params::q0},
      {{"beta", "Queue gain", "1/pkt", ParamKind::kReal, 0.001, 0, 1, 0.0001,
        "beta in p = l + beta sqrt(l) (q - q0) (Wang et al. 2004: 0.001); the LRED stability "
        "calculator gives the largest stable value."},
       &lred::Params::beta},
      {{"mp", "Measurement period", "s", ParamKind::kReal, 1.0, 0.01, 100, 0.01,
        "Length of one loss-ratio period mp (Wang et al. 2004: 1 s); arrival and drop counters "
        "both reset each period."},
       &lred::Params::mp},
      {{"M", "Periods in window", "", ParamKind::kInteger, 4, 1, lred::kMaxPeriods, 1,
        "The loss ratio l_k is taken over the last M periods (Wang et al. 2004: 4). Drops and "
        "ECN marks both count as losses."},
       &lred::Params::periods},
      {{"mw", "Loss-ratio memory", "", ParamKind::kReal, 0.1, 0, 0.99, 0.01,
        "Weight of the previous value in l = mw l + (1 - mw) l_k (Wang et al. 2004: 0.1)."},
       &lred::Params::mw},
      {{"byte_mode", "Byte mode", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Measure the queue and count arrivals and drops in bytes (in units of the scenario's "
        "packet size, so q0 keeps its unit)."},
       &lred::Params::byte_mode},
  }};
  static Status Validate(const lred::Params& p);
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  LredQueue(const QueueDiscEnv& env, const lred::Params& params);
  double probability() const override { return state_.p; }
  void ReadSignals(std::span<double> out) const override;
  const lred::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnTimer(Time) override { lred::OnTimer(params_, state_); }
  void OnParamChanged(std::string_view name) override;

 private:
  lred::State state_;
};

}  // namespace aqmlab
