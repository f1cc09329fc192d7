// PIE as a queue discipline: the law of pie_law.h, updated by a periodic
// timer, deciding at enqueue; departures feed its delay estimate.
#pragma once

#include <array>

#include "aqm/param_binding.h"
#include "aqm/pie/pie_law.h"

namespace aqmlab {

class PieQueue final : public ParamQueue<PieQueue, pie::Params> {
 public:
  static constexpr std::array<ParamField<pie::Params>, 7> kFields{{
      {{"target_ms", "Target delay", "ms", ParamKind::kReal, 15, 0.1, 1000, 0.1,
        "QDELAY_REF, the queueing delay PIE steers to (RFC 8033 sec. 4.2: 15 ms)."},
       &pie::Params::target_ms},
      {{"t_update_ms", "Update interval", "ms", ParamKind::kReal, 15, 1, 1000, 1,
        "T_UPDATE, how often p is recomputed (RFC 8033: 15 ms)."},
       &pie::Params::t_update_ms},
      {{"alpha", "Alpha", "1/s", ParamKind::kReal, 0.125, 0, 10, 0.005,
        "Weight of the delay error (RFC 8033: 0.125 Hz); auto-scaled down while p is small."},
       &pie::Params::alpha},
      {{"beta", "Beta", "1/s", ParamKind::kReal, 1.25, 0, 100, 0.05,
        "Weight of the delay trend (RFC 8033: 1.25 Hz); auto-scaled like alpha."},
       &pie::Params::beta},
      {{"max_burst_ms", "Burst allowance", "ms", ParamKind::kReal, 150, 0, 10000, 1,
        "MAX_BURST: after a quiet spell no packet is dropped for this long (RFC 8033: 150 ms)."},
       &pie::Params::max_burst_ms},
      {{"mark_ecn_th", "ECN mark threshold", "", ParamKind::kReal, 0.1, 0, 1, 0.01,
        "With ECN on, mark while p is below this, drop above it (RFC 8033 sec. 5.1: 10%)."},
       &pie::Params::mark_ecn_th},
      {{"cap_drop", "Cap increases", "", ParamKind::kToggle, 1, 0, 1, 1,
        "Once p >= 10%, raise it by at most 2% per update (RFC 8033 sec. 5.5)."},
       &pie::Params::cap_drop},
  }};
  static Status Validate(const pie::Params&) { return {}; }
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();

  PieQueue(const QueueDiscEnv& env, const pie::Params& params);
  double probability() const override { return state_.p; }
  void ReadSignals(std::span<double> out) const override;
  const pie::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  Decision OnDeparture(const DepartureContext& ctx) override;
  void OnIdleStart(Time) override { pie::OnQueueEmpty(state_); }
  void OnTimer(Time) override { pie::Update(params_, state_); }
  void OnParamChanged(std::string_view name) override;

 private:
  pie::State state_;
};

}  // namespace aqmlab
