#include "traffic/finite_transfer.h"

namespace aqmlab {

FiniteTransfer::FiniteTransfer(EventLoop& loop, PacketPool& pool, int32_t flow, int16_t traffic_class,
                               const TcpConfig& tcp, const TransferPaths& paths, WatchAt watch,
                               Owner* owner, int64_t* segments_entered)
    : pool_(pool), segment_bytes_(tcp.segment_bytes), owner_(owner),
      segments_entered_(segments_entered), gate_(*this), watch_(*this),
      source_(loop, pool, flow, traffic_class, tcp, &data_), sink_(loop, pool, tcp, &acks_) {
  data_.hops.push_back(&gate_);
  data_.hops.Append(paths.forward);
  data_.hops.push_back(&sink_);
  if (watch == WatchAt::kReceiver) acks_.hops.push_back(&watch_);
  acks_.hops.Append(paths.reverse);
  if (watch == WatchAt::kSender) acks_.hops.push_back(&watch_);
  acks_.hops.push_back(&source_);
  data_.meter = paths.meter;
  acks_.meter = Route::kNoMeter;
}

void FiniteTransfer::BeginSegments(int64_t segments) {
  last_bytes_ = 0;
  Begin(segments);
}

void FiniteTransfer::BeginBytes(Bytes bytes) {
  const int64_t segments = (bytes + segment_bytes_ - 1) / segment_bytes_;
  last_bytes_ = bytes - (segments - 1) * segment_bytes_;
  Begin(segments);
}

void FiniteTransfer::BeginUnlimited() {
  last_bytes_ = 0;
  Begin(std::nullopt);
}

void FiniteTransfer::Begin(std::optional<int64_t> segments) {
  limit_ = segments;
  active_ = true;
  source_.Start();
}

void FiniteTransfer::End() {
  source_.Stop();
  active_ = false;
}

void FiniteTransfer::Gate::Receive(Packet* p) {
  FiniteTransfer& t = transfer;
  if (!t.active_ || (t.limit_ && p->seq >= *t.limit_)) {
    t.pool_.Release(p);
    return;
  }
  if (t.last_bytes_ > 0 && p->seq == *t.limit_ - 1) p->size = t.last_bytes_;
  ++*t.segments_entered_;
  Forward(p);
}

void FiniteTransfer::Watch::Receive(Packet* ack) {
  FiniteTransfer& t = transfer;
  const bool done = t.active_ && t.limit_ && ack->epoch == t.source_.epoch() && ack->seq >= *t.limit_;
  Forward(ack);  // on along the ACK route
  if (done) t.owner_->TransferDone();
}

}  // namespace aqmlab
