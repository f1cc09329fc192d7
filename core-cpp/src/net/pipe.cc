#include "net/pipe.h"

namespace aqmlab {

namespace {

// How many packets ahead of the head the pipe asks the memory system for.
constexpr uint32_t kPrefetchAhead = 4;

}  // namespace

void Pipe::Receive(Packet* p) { Accept(p, loop_.now()); }

void Pipe::Grow() {
  const uint32_t capacity = ring_ ? (mask_ + 1) * 2 : 8;
  auto bigger = std::make_unique<Slot[]>(capacity);
  for (uint32_t i = 0; i < size_; ++i) bigger[i] = at(i);
  ring_ = std::move(bigger);
  mask_ = capacity - 1;
  head_ = 0;
}

void Pipe::Accept(Packet* p, Time arrival) {
  Time exit = arrival;
  if (rate_.bps() > 0) {
    const Time start = busy_until_ > exit ? busy_until_ : exit;
    busy_until_ = start + rate_.TransmissionTime(p->size);
    exit = busy_until_;
  }
  int64_t due = (exit + delay_).ns();
  const HopList& hops = p->route->hops;
  const uint8_t hop = p->hop++;
  PacketReceiver* next = hops[hop];
  if (hops.takes_ahead(hop)) {
    static_cast<Pipe*>(next)->Accept(p, Time::Nanos(due));
    return;
  }
  p->pipe_exit = next;
  last_exit_ = next;
  if (!ring_ || size_ == mask_ + 1) Grow();
  // A shorter delay set while packets are in flight must not reorder them.
  if (size_ > 0 && due < at(size_ - 1).due_ns) due = at(size_ - 1).due_ns;
  ring_[(head_ + size_) & mask_] = Slot{due, p};
  ++size_;
  if (!scheduled_) ScheduleHead();
}

void Pipe::ScheduleHead() {
  scheduled_ = true;
  head_packet_ = at(0).packet;
  loop_.Prefetch(head_packet_);
  if (size_ > 1) loop_.Prefetch(&at(1));
  loop_.Prefetch(last_exit_);  // set by the Accept that filled the ring
  loop_.Schedule(Time::Nanos(at(0).due_ns), this);
}

Packet* Pipe::PopHead() {
  Packet* p = at(0).packet;
  head_ = (head_ + 1) & mask_;
  --size_;
  if (size_ > kPrefetchAhead) Prefetcher::Soon(&at(kPrefetchAhead));
  if (size_ > 1) Prefetcher::Soon(at(1).packet);
  return p;
}

void Pipe::OnEvent(uint32_t) {
  scheduled_ = false;
  // The pending event was for the head, which only this function removes:
  // it is due now, and the pipe object already names it, so it goes out
  // while the ring's line for the next exit time is still loading.
  Packet* p = head_packet_;
  head_ = (head_ + 1) & mask_;
  --size_;
  if (size_ > 0) Prefetcher::Soon(&at(0));
  p->pipe_exit->Receive(p);
  const int64_t now = loop_.now().ns();
  while (size_ > 0 && at(0).due_ns <= now) {
    p = PopHead();
    p->pipe_exit->Receive(p);
  }
  if (size_ > 0 && !scheduled_) ScheduleHead();
}

}  // namespace aqmlab
