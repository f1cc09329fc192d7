#include "sim/event_loop.h"

namespace aqmlab {

void EventLoop::RunUntil(Time end) {
  QueuedEvent e;
  while (!stopped_ && queue_.PopUpTo(end.ns(), &e)) {
    now_ = Time::Nanos(e.at);
    ++processed_;
    e.target->OnEvent(e.tag);
  }
  if (!stopped_ && end > now_) now_ = end;
}

void Timer::Arm(Time at) {
  armed_ = true;
  deadline_ = at;
  if (pending_ && pending_at_ <= at) return;  // the pending event will re-sleep
  pending_ = true;
  pending_at_ = at;
  loop_.Schedule(at, this, ++generation_);
}

void Timer::OnEvent(uint32_t generation) {
  if (generation != generation_) return;  // superseded by an earlier re-arm
  pending_ = false;
  if (!armed_) return;
  if (loop_.now() < deadline_) {
    pending_ = true;
    pending_at_ = deadline_;
    loop_.Schedule(deadline_, this, ++generation_);
    return;
  }
  armed_ = false;
  owner_->OnEvent(owner_tag_);
}

}  // namespace aqmlab
