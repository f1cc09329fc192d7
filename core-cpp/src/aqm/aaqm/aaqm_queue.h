// AAQM as a queue discipline: the law of aaqm_law.h behind the queue base,
// with a periodic timer every T.
#pragma once

#include <array>

#include "aqm/aaqm/aaqm_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class AaqmQueue final : public ParamQueue<AaqmQueue, aaqm::Params> {
 public:
  static constexpr std::array<ParamField<aaqm::Params>, 5> kFields{{
      {{"T", "Update interval", "s", ParamKind::kReal, 0.010, 0.001, 10, 0.001,
        "Every T the ratio U = arrivals / departures updates P (Rahmani et al.: 10 ms)."},
       &aaqm::Params::interval},
      {{"P1", "Step below balance", "", ParamKind::kReal, 0.7, 0, 5, 0.01,
        "For U < 1 (arrivals below departures) P falls: by P1 (1 - U) (rule 0), by P1 (rule 1), "
        "to P1 P (rules 2 and 3) (Rahmani et al. Pa7: 0.7)."},
       &aaqm::Params::p1},
      {{"P2", "Step above balance", "", ParamKind::kReal, 1.0, 0, 5, 0.01,
        "For U >= 1 P rises: by P2 (U - 1) (rule 0), by P2 (rule 1), to (1 + P2) P from at "
        "least 0.001 (rule 2), or is set to P2 (1 - 1/U) (rule 3); clamped to [0, 1] (Pa7: 1.0; "
        "Table 1 lists Pa1..Pa7)."},
       &aaqm::Params::p2},
      {{"rule", "Timer rule", "", ParamKind::kInteger, 3, 0, aaqm::kRuleCount - 1, 1,
        "How P1 and P2 move P (the paper's flow chart is not in its text): 0 steps proportional "
        "to the mismatch U - 1, 1 fixed steps of P1 and P2, 2 multiplicative (to P1 P, to "
        "(1 + P2) P), 3 proportional (P = P2 (1 - 1/U), the excess share of arrivals). The "
        "default is the reading that reproduced the paper's queue near the buffer with the link "
        "near full (README)."},
       &aaqm::Params::rule},
      {{"count_admitted", "Count admitted arrivals only", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Off (the spec's law): A counts every arrival offered, drops included, so without ECN "
        "U >= 1 + loss and P climbs to 1, where an empty queue keeps U = 1 and P stuck. On: A "
        "counts the arrivals the queue admits (passed or marked), the lab's repair."},
       &aaqm::Params::count_admitted},
  }};
  static Status Validate(const aaqm::Params&) { return {}; }
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();

  AaqmQueue(const QueueDiscEnv& env, const aaqm::Params& params);
  double probability() const override { return state_.p; }
  void ReadSignals(std::span<double> out) const override { out[0] = state_.u; }
  const aaqm::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override {
    return aaqm::OnArrival(params_, state_, ctx.buffer_full, ctx.uniform, CongestWouldMark());
  }
  Decision OnDeparture(const DepartureContext&) override {
    aaqm::OnDeparture(state_);
    return Decision::kPass;
  }
  void OnTimer(Time) override { aaqm::CloseInterval(params_, state_); }
  // A new T applies from the next tick.
  void OnParamChanged(std::string_view) override { StartPeriodicTimer(Time::Seconds(params_.interval)); }

 private:
  aaqm::State state_;
};

}  // namespace aqmlab
