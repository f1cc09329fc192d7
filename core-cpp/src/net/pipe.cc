#include "net/pipe.h"

namespace aqmlab {

void Pipe::Receive(Packet* p) {
  Time exit = loop_.now();
  if (rate_.bps > 0) {
    const Time start = busy_until_ > exit ? busy_until_ : exit;
    busy_until_ = start + rate_.TransmissionTime(p->size);
    exit = busy_until_;
  }
  p->due = exit + delay_;
  // A shorter delay set while packets are in flight must not reorder them.
  if (!list_.empty() && p->due < list_.front()->due) p->due = list_.front()->due;
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
