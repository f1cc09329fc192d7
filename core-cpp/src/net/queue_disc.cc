#include "net/queue_disc.h"

namespace aqmlab {

QueueDisc::QueueDisc(const QueueDiscEnv& env)
    : env_(env), rng_(env.seed, StreamPurpose::kQueueDiscipline, 0) {}

bool QueueDisc::Enqueue(Packet* p) {
  const Time now = env_.loop->now();
  ++counters_.arrivals;
  counters_.arrival_bytes += p->size;
  const bool full = fifo_.size() >= env_.link.buffer_packets;
  const Decision d = OnArrival(ArrivalContext{now, p->size, fifo_.size(), fifo_.bytes(), full,
                                              rng_.Uniform()});
  if (full) {
    Drop(p, DropReason::kOverflow);
    return false;
  }
  if (d != Decision::kPass && !Signal(p, d)) return false;
  p->enqueued_at = now;
  fifo_.PushBack(p);
  return true;
}

Packet* QueueDisc::Dequeue() {
  const Time now = env_.loop->now();
  while (!fifo_.empty()) {
    Packet* p = fifo_.PopFront();
    const Decision d = OnDeparture(DepartureContext{now, p->size, now - p->enqueued_at,
                                                    fifo_.size(), fifo_.bytes(), rng_.Uniform()});
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
  if (d == Decision::kCongest && env_.link.ecn && p->has(kFlagEct)) {
    p->flags |= kFlagCe;
    ++counters_.marks;
    return true;
  }
  Drop(p, d == Decision::kForceDrop ? DropReason::kForced : DropReason::kEarly);
  return false;
}

void QueueDisc::Drop(Packet* p, DropReason reason) {
  ++counters_.drops[static_cast<size_t>(reason)];
  env_.pool->Release(p);
}

void QueueDisc::SetCapacity(double bps) {
  env_.link.capacity_bps = bps;
  OnCapacityChanged();
}

void QueueDisc::StartPeriodicTimer(Time period) {
  timer_period_ = period;
  env_.loop->Schedule(env_.loop->now() + period, this, 0);
}

void QueueDisc::OnEvent(uint32_t) {
  const Time now = env_.loop->now();
  OnTimer(now);
  env_.loop->Schedule(now + timer_period_, this, 0);
}

}  // namespace aqmlab
