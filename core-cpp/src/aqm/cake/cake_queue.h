// CAKE as a queue discipline: it owns its packet storage (the flow table of
// cake_law.h) through the base's storage hooks; each departing packet is
// judged by COBALT with its own queue's state, a full buffer drops from the
// fattest queue, and a bandwidth below the link's rate shapes the output.
#pragma once

#include <array>

#include "aqm/cake/cake_law.h"
#include "aqm/param_binding.h"

namespace aqmlab {

class CakeQueue final : public ParamQueue<CakeQueue, cake::Params> {
 public:
  static constexpr std::array<ParamField<cake::Params>, 3> kFields{{
      {{"bandwidth_mbps", "Shaper rate", "Mb/s", ParamKind::kReal, 0, 0, 100000, 0.1,
        "The rate CAKE lets packets leave at; 0 is unlimited, the link's own rate (tc's "
        "`unlimited`, CAKE's default). Set below the link's rate, it also sets the quantum "
        "and raises the target at slow rates."},
       &cake::Params::bandwidth_mbps},
      {{"target_ms", "Target", "ms", ParamKind::kReal, 5, 0.1, 1000, 0.1,
        "COBALT's target sojourn time in each flow queue (CAKE: 5 ms)."},
       &cake::Params::target_ms},
      {{"interval_ms", "Interval", "ms", ParamKind::kReal, 100, 1, 10000, 1,
        "COBALT's interval, the round-trip time CAKE expects (tc's `rtt`, 100 ms)."},
       &cake::Params::interval_ms},
  }};
  static Status Validate(const cake::Params& p);
  static const AqmDescriptor& Describe();
  static const Explanation& Explain();

  CakeQueue(const QueueDiscEnv& env, const cake::Params& params);
  // p(t): the largest BLUE probability of any flow queue.
  double probability() const override { return table_.LargestBlue(); }
  void ReadSignals(std::span<double> out) const override;
  const cake::FlowTable& table() const { return table_; }
  const cake::Tuning& tuning() const { return tuning_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override;
  Decision OnDeparture(const DepartureContext& ctx) override;
  void OnParamChanged(std::string_view name) override;

  void StorePacket(Packet* p) override { table_.Store(p, tuning_.quantum); }
  Packet* NextPacket(Time now) override;
  Packet* OverflowVictim(Packet* arrival) override;

 private:
  void Retune();
  cake::FlowTable table_;
  cake::Tuning tuning_;
  cobalt::Params cobalt_;
  Time last_sojourn_;
  Time overflow_at_;  // the arrival that found the buffer full
};

}  // namespace aqmlab
