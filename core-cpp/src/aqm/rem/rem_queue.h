// REM as a queue discipline: the law of rem_law.h updated by a periodic
// timer on the interval's measured arrivals and capacity, deciding at enqueue.
#pragma once

#include <array>

#include "aqm/param_binding.h"
#include "aqm/rem/rem_law.h"

namespace aqmlab {

class RemQueue final : public ParamQueue<RemQueue, rem::Params> {
 public:
  static constexpr std::array<ParamField<rem::Params>, 6> kFields{{
      {{"phi", "Phi", "", ParamKind::kReal, 1.001, 1.000001, 10, 0.0001,
        "Base of p = 1 - phi^(-price) (Athuraliya et al. 2001: 1.001)."},
       &rem::Params::phi},
      {{"alpha", "Alpha", "", ParamKind::kReal, 0.1, 0, 1, 0.01,
        "Weight of the backlog mismatch against the backlog growth (paper: 0.1)."},
       &rem::Params::alpha},
      {{"gamma", "Gamma", "1/pkt", ParamKind::kReal, 0.001, 0, 1, 0.0001,
        "Step size of the price update (paper: 0.001)."},
       &rem::Params::gamma},
      {{"interval_ms", "Update interval", "ms", ParamKind::kReal, 2, 0.1, 10000, 0.1,
        "How often the price is updated (LRED paper's setting: 2 ms)."},
       &rem::Params::interval_ms},
      {BufferBound({"q0", "Target backlog", "pkts", ParamKind::kReal, 50, 0, 1000000, 1,
        "b*, the backlog REM clears the price at. The paper sets it per experiment; lab "
        "default: a quarter of the buffer.",
        0.25}),
       &rem::Params::q0},
      {{"queue_growth", "Rate from queue growth", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Off (the paper, ns-2): the rate mismatch is the measured input rate minus the "
        "capacity. On (the lab spec's form): the queue's growth q - q_old, weighted 1 - alpha."},
       &rem::Params::queue_growth},
  }};
  static Status Validate(const rem::Params&) { return {}; }
  static const AqmDescriptor& Describe();
  static const theory::DisciplineTheory& Theory();

  RemQueue(const QueueDiscEnv& env, const rem::Params& params);
  double probability() const override { return state_.p; }
  void ReadSignals(std::span<double> out) const override { out[0] = state_.price; }
  const rem::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  void OnTimer(Time) override;
  void OnParamChanged(std::string_view name) override;

 private:
  rem::State state_;
  Time last_update_;        // the end of the previous interval
  Bytes arrived_before_ = 0;  // counters().arrival_bytes then
};

}  // namespace aqmlab
