// AOPC as a queue discipline: the law of aopc_law.h behind the queue base,
// with a periodic timer for the loss-ratio measurement and the gain.
#pragma once

#include <array>

#include "aqm/aopc/aopc_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class AopcQueue final : public ParamQueue<AopcQueue, aopc::Params> {
 public:
  static constexpr std::array<ParamField<aopc::Params>, 6> kFields{{
      {BufferBound({"q0", "Target queue", "pkts", ParamKind::kReal, 20, 1, 100000, 1,
        "Expected queue q0 in p = l + gamma (q - q0) (Wang & Rong: 20 pkts)."}),
       &aopc::Params::q0},
      {{"Req", "Assumed RTT", "s", ParamKind::kReal, 0.18, 0.001, 10, 0.001,
        "Harmonic-mean RTT Req in gamma = f(l) (1 + 4 f(l)^2) / (Req C), the gain that gives "
        "the loop damping 0.707 (Wang & Rong: 0.18 s)."},
       &aopc::Params::req},
      {{"mp", "Measurement period", "s", ParamKind::kReal, 1.0, 0.01, 100, 0.01,
        "Loss-ratio period as LRED's (1 s); both counters reset each period (the paper's "
        "listing omits the drop-counter reset, read as a misprint); gamma is recomputed after "
        "each."},
       &aopc::Params::mp},
      {{"M", "Periods in window", "", ParamKind::kInteger, 4, 1, lred::kMaxPeriods, 1,
        "The loss ratio is taken over the last M periods (4). Drops and ECN marks both count "
        "as losses."},
       &aopc::Params::periods},
      {{"mw", "Loss-ratio memory", "", ParamKind::kReal, 0.1, 0, 0.99, 0.01,
        "Weight of the previous value in l = mw l + (1 - mw) l_k (0.1)."},
       &aopc::Params::mw},
      {{"gamma0", "Initial gain", "1/pkt", ParamKind::kReal, 1e-4, 1e-8, 1, 1e-5,
        "Gain used while the measured loss ratio is still 0 (Wang & Rong: 1e-4); a zero gain "
        "would switch the controller off."},
       &aopc::Params::gamma0},
  }};
  static Status Validate(const aopc::Params&) { return {}; }
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  AopcQueue(const QueueDiscEnv& env, const aopc::Params& params);
  double probability() const override { return state_.p; }
  void ReadSignals(std::span<double> out) const override;
  const aopc::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnTimer(Time) override;
  void OnParamChanged(std::string_view name) override;
  void OnCapacityChanged() override { RefreshGain(); }

 private:
  void RefreshGain();
  aopc::State state_;
};

}  // namespace aqmlab
