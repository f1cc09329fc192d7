#include "net/queue_link.h"

namespace aqmlab {

QueueLink::QueueLink(EventLoop& loop, double rate_bps, Time delay, std::unique_ptr<QueueDisc> disc)
    : loop_(loop), rate_(rate_bps), disc_(std::move(disc)), wire_(loop, 0, delay) {}

void QueueLink::Receive(Packet* p) {
  if (disc_->Enqueue(p) && !in_service_) StartNext();
}

void QueueLink::StartNext() {
  in_service_ = disc_->Dequeue();
  if (!in_service_) return;
  const Time now = loop_.now();
  if (observer_) observer_->OnDepart(*in_service_, now - in_service_->enqueued_at);
  service_started_ = now;
  service_wire_ = rate_.TransmissionTime(in_service_->size);
  Time hold = service_wire_;
  // A shaper below the link's rate: the next packet starts one packet time
  // at the shaped rate later (the packet itself is delivered then too).
  const double shaped = disc_->shaper_bps();
  if (shaped > 0 && shaped < rate_.bps()) {
    hold = Time::Nanos(static_cast<int64_t>(static_cast<double>(in_service_->size) * 8e9 / shaped + 0.5));
  }
  loop_.Schedule(now + hold, this);
}

void QueueLink::OnEvent(uint32_t) {
  Packet* done = in_service_;
  in_service_ = nullptr;
  busy_accum_ += std::min(loop_.now() - service_started_, service_wire_);
  wire_.Receive(done);
  StartNext();
}

void QueueLink::SetRate(double bps) {
  rate_.set_bps(bps);
  disc_->SetCapacity(bps);
}

void QueueLink::ReplaceDisc(std::unique_ptr<QueueDisc> next, bool keep_state) {
  disc_->HandOver(*next, keep_state);
  retired_.push_back(std::move(disc_));
  disc_ = std::move(next);
}

}  // namespace aqmlab
