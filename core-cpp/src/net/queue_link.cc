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
  loop_.Schedule(now + rate_.TransmissionTime(in_service_->size), this);
}

void QueueLink::OnEvent(uint32_t) {
  Packet* done = in_service_;
  in_service_ = nullptr;
  busy_accum_ += loop_.now() - service_started_;
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
