#include "net/queue_disc.h"

namespace aqmlab {

QueueDisc::QueueDisc(const QueueDiscEnv& env)
    : env_(env), rng_(env.seed, StreamPurpose::kQueueDiscipline, env.stream) {}

bool QueueDisc::Enqueue(Packet* p) {
  const Time now = env_.loop->now();
  ++counters_.arrivals;
  counters_.arrival_bytes += p->size;
  const int64_t queued = packets();
  const bool full = queued >= env_.link.buffer_packets;
  deciding_ = p;
  const Decision d = OnArrival(ArrivalContext{now, p->size, queued, bytes(), full, rng_.Uniform()});
  if (full) return Overflow(p, now);
  if (d != Decision::kPass && !Signal(p, d)) return false;
  Store(p, now);
  return true;
}

bool QueueDisc::Overflow(Packet* p, Time now) {
  // Drop-tail refuses the arrival; a discipline with its own storage may
  // choose another victim (FQ-CoDel: the head of the fattest flow).
  Packet* victim = own_storage_ ? OverflowVictim(p) : p;
  if (victim != p) {
    --own_packets_;
    own_bytes_ -= victim->size;
    Store(p, now);
  }
  Drop(victim, DropReason::kOverflow);
  return victim != p;
}

void QueueDisc::Store(Packet* p, Time now) {
  p->enqueued_at = now;
  Adopt(p);
}

void QueueDisc::Adopt(Packet* p) {
  if (!own_storage_) return fifo_.PushBack(p);
  ++own_packets_;
  own_bytes_ += p->size;
  StorePacket(p);
}

Packet* QueueDisc::Take() {
  if (!own_storage_) return fifo_.empty() ? nullptr : fifo_.PopFront();
  if (own_packets_ == 0) return nullptr;
  Packet* p = NextPacket(env_.loop->now());
  if (p) {
    --own_packets_;
    own_bytes_ -= p->size;
  }
  return p;
}

Packet* QueueDisc::Dequeue() {
  const Time now = env_.loop->now();
  while (Packet* p = Take()) {
    deciding_ = p;
    const Decision d = OnDeparture(
        DepartureContext{now, p->size, now - p->enqueued_at, packets(), bytes(), rng_.Uniform()});
    if (d != Decision::kPass && !Signal(p, d)) continue;
    ++counters_.departures;
    counters_.departure_bytes += p->size;
    if (idle_) {
      idle_ = false;
      OnIdleEnd(now);
    }
    return p;
  }
  if (!idle_) {
    idle_ = true;
    OnIdleStart(now);
  }
  return nullptr;
}

bool QueueDisc::Signal(Packet* p, Decision d) {
  if (d == Decision::kCongest && Markable(p)) {
    p->ecn = Ecn::kCe;
    ++counters_.marks;
    return true;
  }
  Drop(p, d == Decision::kForceDrop ? DropReason::kForced : DropReason::kEarly);
  return false;
}

void QueueDisc::Drop(Packet* p, DropReason reason) {
  ++counters_.drops[static_cast<size_t>(reason)];
  if (drop_observer_) drop_observer_->OnDrop(*p, reason);
  env_.pool->Release(p);
}

void QueueDisc::SetCapacity(double bps) {
  env_.link.capacity_bps = bps;
  OnCapacityChanged();
}

void QueueDisc::StartPeriodicTimer(Time period) {
  timer_period_ = period;
  if (timer_running_) return;
  timer_running_ = true;
  env_.loop->Schedule(env_.loop->now() + period, this, 0);
}

void QueueDisc::HandOver(QueueDisc& next, bool keep_state) {
  if (keep_state) {
    if (const std::unique_ptr<RunningState> state = running_state()) next.TakeOver(*state);
  }
  next.counters_ = counters_;
  next.drop_observer_ = drop_observer_;
  next.idle_ = idle_;
  while (Packet* p = Take()) next.Adopt(p);
  retired_ = true;
}

void QueueDisc::OnEvent(uint32_t) {
  if (retired_) return;
  const Time now = env_.loop->now();
  OnTimer(now);
  env_.loop->Schedule(now + timer_period_, this, 0);
}

}  // namespace aqmlab
