#include "sim/event_loop.h"

namespace aqmlab {

void EventLoop::RunUntil(Time end) {
  QueuedEvent e;
  while (!stopped_) {
    // The queue runs up to the tick's time (its events there were scheduled
    // before the tick), then the tick. Only the tick schedules the next one,
    // so the limit holds until it runs.
    const bool tick_due = tick_target_ && tick_at_ <= end.ns();
    const int64_t limit = tick_due ? tick_at_ : end.ns();
    while (!stopped_ && queue_.PopUpTo(limit, &e)) {
      now_ = Time::Nanos(e.at);
      ++processed_;
      e.target->OnEvent(e.tag);
    }
    if (stopped_ || !tick_due) break;
    RunTick();
  }
  if (!stopped_ && end > now_) now_ = end;
}

void EventLoop::RunTick() {
  now_ = Time::Nanos(tick_at_);
  ++processed_;
  EventTarget* target = tick_target_;
  tick_target_ = nullptr;
  tick_at_ = -1;
  // Nothing at this time is left in the queue: the events deferred behind
  // the tick go in now, ahead of anything the tick itself schedules.
  if (!after_tick_.empty()) PushAfterTick();
  target->OnEvent(tick_tag_);
}

void EventLoop::PushAfterTick() {
  for (const Deferred& d : after_tick_) queue_.Push(now_.ns(), d.target, d.tag);
  after_tick_.clear();
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
