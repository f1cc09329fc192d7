#include "sim/event_loop.h"

namespace aqmlab {

void EventLoop::Schedule(Time at, EventTarget* target, uint32_t tag) {
  heap_.emplace_back();
  SiftUp(heap_.size() - 1, Event{at < now_ ? now_ : at, next_seq_++, target, tag});
}

void EventLoop::SiftUp(size_t i, Event e) {
  while (i > 0) {
    const size_t parent = (i - 1) / 4;
    if (!e.Before(heap_[parent])) break;
    heap_[i] = heap_[parent];
    i = parent;
  }
  heap_[i] = e;
}

void EventLoop::SiftDown(size_t i, Event e) {
  const size_t n = heap_.size();
  for (;;) {
    const size_t first = 4 * i + 1;
    if (first >= n) break;
    size_t best = first;
    const size_t last = first + 4 < n ? first + 4 : n;
    for (size_t c = first + 1; c < last; ++c) {
      if (heap_[c].Before(heap_[best])) best = c;
    }
    if (!heap_[best].Before(e)) break;
    heap_[i] = heap_[best];
    i = best;
  }
  heap_[i] = e;
}

void EventLoop::RunUntil(Time end) {
  while (!heap_.empty() && heap_.front().at <= end) {
    const Event e = heap_.front();
    const Event last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) SiftDown(0, last);
    now_ = e.at;
    ++processed_;
    e.target->OnEvent(e.tag);
  }
  if (end > now_) now_ = end;
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
