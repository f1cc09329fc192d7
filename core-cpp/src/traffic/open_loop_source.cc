#include "traffic/open_loop_source.h"

#include <string>

namespace aqmlab {

Bytes PacketSizeLaw::Draw(RandomStream& rng) const {
  if (kind == Kind::kFixed) return mean_bytes;
  const double x = rng.Exponential(static_cast<double>(mean_bytes));
  const auto b = static_cast<Bytes>(x + 0.5);
  return b < 1 ? 1 : b;
}

Status ValidatePacketSizeLaw(const PacketSizeLaw& law, const char* field) {
  if (law.mean_bytes < 1) return {std::string(field) + ".mean_bytes: must be at least 1"};
  return {};
}

OpenLoopSource::OpenLoopSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id)
    : loop_(loop), pool_(pool), id_(id), rng_(id.seed, StreamPurpose::kTraffic, id.stream_index),
      timer_(loop, this, 0) {}

void OpenLoopSource::Start() {
  if (running_) return;
  running_ = true;
  OnStart();
}

void OpenLoopSource::Stop() {
  if (!running_) return;
  running_ = false;
  timer_.Cancel();
  OnStop();
}

void OpenLoopSource::OnEvent(uint32_t) {
  if (running_) OnTimer();
}

void OpenLoopSource::Emit(Bytes size, Ecn ecn) {
  Packet* p = pool_.Allocate();
  p->ecn = ecn;
  p->flow = id_.flow;
  p->seq = stats_.packets_sent;  // lets a sink count gaps
  p->size = size;
  p->traffic_class = id_.traffic_class;
  p->route = id_.route;
  ++stats_.packets_sent;
  stats_.bytes_sent += size;
  Forward(p);
}

Time RescaleRemaining(Time now, Time due, Time old_interval, Time new_interval) {
  if (due <= now || old_interval.ns() <= 0) return now;
  const double fraction =
      static_cast<double>((due - now).ns()) / static_cast<double>(old_interval.ns());
  return now + Time::Nanos(static_cast<int64_t>(fraction * static_cast<double>(new_interval.ns()) + 0.5));
}

Time IntervalFor(Bytes bytes, double bps) {
  const Time t = BitsPerSecond{bps}.TransmissionTime(bytes);
  return t.ns() < 1 ? Time::Nanos(1) : t;
}

}  // namespace aqmlab
