#include "traffic/poisson_source.h"

namespace aqmlab {

Status ValidatePoissonConfig(const PoissonConfig& c) {
  if (!(c.rate_pps > 0)) return {"rate_pps: must be positive"};
  return ValidatePacketSizeLaw(c.size, "size");
}

void PoissonSource::SetRate(double rate_pps) {
  config_.rate_pps = rate_pps;
  if (running()) ScheduleNext();
}

double PoissonSource::offered_bps() const {
  return config_.rate_pps * static_cast<double>(config_.size.mean_bytes) * 8.0;
}

void PoissonSource::SetOfferedBps(double bps) { SetRate(config_.rate_pps * bps / offered_bps()); }

void PoissonSource::OnTimer() {
  Emit(config_.size.Draw(rng()));
  ScheduleNext();
}

void PoissonSource::ScheduleNext() {
  ArmAt(now() + Time::Seconds(rng().Exponential(1.0 / config_.rate_pps)));
}

}  // namespace aqmlab
