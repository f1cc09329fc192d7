#include "net/pipe.h"

namespace aqmlab {

void Pipe::Receive(Packet* p) { Accept(p, loop_.now()); }

void Pipe::Accept(Packet* p, Time arrival) {
  Time exit = arrival;
  if (rate_.bps > 0) {
    const Time start = busy_until_ > exit ? busy_until_ : exit;
    busy_until_ = start + rate_.TransmissionTime(p->size);
    exit = busy_until_;
  }
  p->due = exit + delay_;
  Pipe* next = p->route->hops[p->hop]->AsPipe();
  if (next && next->single_feeder_) {
    ++p->hop;
    next->Accept(p, p->due);
    return;
  }
  // A shorter delay set while packets are in flight must not reorder them.
  if (!list_.empty() && p->due < list_.back()->due) p->due = list_.back()->due;
  list_.PushBack(p);
  if (!scheduled_) {
    scheduled_ = true;
    loop_.Schedule(list_.front()->due, this);
  }
}

void Pipe::OnEvent(uint32_t) {
  scheduled_ = false;
  const Time now = loop_.now();
  while (!list_.empty() && list_.front()->due <= now) Forward(list_.PopFront());
  if (!list_.empty() && !scheduled_) {
    scheduled_ = true;
    loop_.Schedule(list_.front()->due, this);
  }
}

}  // namespace aqmlab
