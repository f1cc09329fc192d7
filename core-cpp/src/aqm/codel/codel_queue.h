// CoDel as a queue discipline: the law of codel_law.h judging each packet as
// it leaves the queue (OnDeparture), with the base's FIFO.
#pragma once

#include <array>
#include <string_view>

#include "aqm/codel/codel_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

// The L4S threshold's help, shared with FQ-CoDel's table.
inline constexpr std::string_view kCeThresholdHelp =
    "With ECN on, an ECT(1) or CE packet that waited longer than this is CE-marked and "
    "skips CoDel's law (L4S; Linux's ce_threshold, ns-3's CeThreshold with UseL4s). 0: off.";

class CodelQueue final : public ParamQueue<CodelQueue, codel::Params> {
 public:
  static constexpr std::array<ParamField<codel::Params>, 3> kFields{{
      {{"target_ms", "Target", "ms", ParamKind::kReal, 5, 0.1, 1000, 0.1,
        "Acceptable standing queue delay (RFC 8289: 5 ms)."},
       &codel::Params::target_ms},
      {{"interval_ms", "Interval", "ms", ParamKind::kReal, 100, 1, 10000, 1,
        "Window in which the sojourn must dip below target, about a worst-case RTT "
        "(RFC 8289: 100 ms)."},
       &codel::Params::interval_ms},
      {{"ce_threshold_ms", "L4S mark threshold", "ms", ParamKind::kReal, 0, 0, 100, 0.1,
        kCeThresholdHelp},
       &codel::Params::ce_threshold_ms},
  }};
  static Status Validate(const codel::Params& p);
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();

  using ParamQueue::ParamQueue;
  double probability() const override { return signal_share_; }
  void ReadSignals(std::span<double> out) const override;
  const codel::State& state() const { return state_; }

 protected:
  Decision OnArrival(const ArrivalContext&) override { return Decision::kPass; }
  Decision OnDeparture(const DepartureContext& ctx) override;
  void OnIdleStart(Time) override { codel::OnEmpty(state_); }

 private:
  codel::State state_;
  double signal_share_ = 0;
  int64_t threshold_marks_ = 0;
};

}  // namespace aqmlab
