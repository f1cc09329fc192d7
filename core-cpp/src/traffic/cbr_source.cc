#include "traffic/cbr_source.h"

namespace aqmlab {

Status ValidateCbrConfig(const CbrConfig& c) {
  if (c.packet_bytes < 1) return {"packet_bytes: must be at least 1"};
  if (c.pacing == CbrPacing::kInterval && c.interval.ns() <= 0) return {"interval: must be positive"};
  if (c.pacing == CbrPacing::kRate && !(c.rate_bps > 0)) return {"rate_bps: must be positive"};
  return {};
}

CbrSource::CbrSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id,
                     const CbrConfig& config)
    : OpenLoopSource(loop, pool, id),
      packet_bytes_(config.packet_bytes),
      interval_(config.pacing == CbrPacing::kInterval
                    ? config.interval
                    : IntervalFor(config.packet_bytes, config.rate_bps)),
      random_phase_(config.random_phase),
      codepoint_(config.codepoint) {}

void CbrSource::SetInterval(Time interval) {
  if (running()) {
    next_ = RescaleRemaining(now(), next_, interval_, interval);
    ArmAt(next_);
  }
  interval_ = interval;
}

double CbrSource::offered_bps() const {
  return static_cast<double>(packet_bytes_) * 8e9 / static_cast<double>(interval_.ns());
}

void CbrSource::OnStart() {
  next_ = now();
  if (random_phase_) {
    next_ += Time::Nanos(static_cast<int64_t>(rng().Uniform() * static_cast<double>(interval_.ns())));
  }
  ArmAt(next_);
}

void CbrSource::OnTimer() {
  Emit(packet_bytes_, codepoint_);
  next_ += interval_;
  ArmAt(next_);
}

}  // namespace aqmlab
