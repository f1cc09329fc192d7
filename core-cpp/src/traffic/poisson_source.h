// Poisson packet arrivals: exponential inter-arrival times at `rate_pps`,
// with fixed or exponential packet sizes (the M/D/1/K and M/M/1/K arrival
// process of the queueing checks, and background traffic). Open loop.
//
// Wiring: PoissonSource(loop, pool, identity, config) with
// ValidatePoissonConfig(config) ok; Start/Stop from the timeline; SetRate
// changes the rate at once (memorylessness: the next arrival is redrawn from
// now at the new rate, which is exactly a Poisson process whose rate steps).
#pragma once

#include "traffic/open_loop_source.h"

namespace aqmlab {

struct PoissonConfig {
  double rate_pps = 100;  // packets per second, > 0
  PacketSizeLaw size;
};

Status ValidatePoissonConfig(const PoissonConfig& c);

class PoissonSource final : public OpenLoopSource {
 public:
  PoissonSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id,
                const PoissonConfig& config)
      : OpenLoopSource(loop, pool, id), config_(config) {}

  double rate_pps() const { return config_.rate_pps; }
  void SetRate(double rate_pps);
  double offered_bps() const override;
  void SetOfferedBps(double bps) override;

 protected:
  void OnStart() override { ScheduleNext(); }
  void OnTimer() override;

 private:
  void ScheduleNext();
  PoissonConfig config_;
};

}  // namespace aqmlab
