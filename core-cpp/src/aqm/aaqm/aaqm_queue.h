// AAQM as a queue discipline: the law of aaqm_law.h behind the queue base,
// with a periodic timer every T.
#pragma once

#include <array>

#include "aqm/aaqm/aaqm_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class AaqmQueue final : public ParamQueue<AaqmQueue, aaqm::Params> {
 public:
  static constexpr std::array<ParamField<aaqm::Params>, 4> kFields{{
      {{"T", "Update interval", "s", ParamKind::kReal, 0.010, 0.001, 10, 0.001,
        "Every T the ratio U = arrivals / departures updates P (Rahmani et al.: 10 ms)."},
       &aaqm::Params::interval},
      {{"P1", "Step below balance", "", ParamKind::kReal, 0.7, 0, 5, 0.01,
        "For U < 1, P += P1 (U - 1): the lab reads the steps as proportional to the mismatch, "
        "since the paper's flow chart is not in its text (Rahmani et al. Pa7: 0.7)."},
       &aaqm::Params::p1},
      {{"P2", "Step above balance", "", ParamKind::kReal, 1.0, 0, 5, 0.01,
        "For U >= 1, P += P2 (U - 1), clamped to [0, 1]: proportional steps, the lab's reading "
        "(Rahmani et al. Pa7: 1.0; Table 1 lists Pa1..Pa7)."},
       &aaqm::Params::p2},
      {{"count_admitted", "Count admitted arrivals only", "", ParamKind::kToggle, 0, 0, 1, 1,
        "Off (the spec's law): A counts every arrival offered, drops included, so without ECN "
        "U >= 1 + loss and P climbs to 1, where an empty queue keeps U = 1 and P stuck. On: A "
        "counts the arrivals the queue admits (passed or marked), the lab's repair."},
       &aaqm::Params::count_admitted},
  }};
  static Status Validate(const aaqm::Params&) { return {}; }
  static const AqmDescriptor& Describe();

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
  void OnParamsChanged() override { StartPeriodicTimer(Time::Seconds(params_.interval)); }

 private:
  aaqm::State state_;
};

}  // namespace aqmlab
