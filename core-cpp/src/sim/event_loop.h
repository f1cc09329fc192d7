// The discrete-event loop. Simultaneous events run in the order they were
// scheduled, so a run is fully deterministic. Components keep at most a few
// pending events each (a queue schedules only its head departure, a pipe only
// its head delivery); the queue itself is in sim/event_queue.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/event_queue.h"
#include "sim/event_target.h"
#include "sim/prefetch.h"
#include "sim/time.h"

namespace aqmlab {

class EventLoop {
 public:
  Time now() const { return now_; }
  // A time before now() means now: time never goes backwards.
  void Schedule(Time at, EventTarget* target, uint32_t tag = 0) {
    const int64_t t = at < now_ ? now_.ns() : at.ns();
    if (t == tick_at_) [[unlikely]] {
      after_tick_.push_back(Deferred{target, tag});  // queues behind the tick
      return;
    }
    queue_.Push(t, target, tag);
  }
  // The same as Schedule for one event at a time that recurs every few
  // milliseconds (the metric sample), without a trip through the queue: it
  // runs after the events at its time scheduled before it and before those
  // scheduled after it, exactly where Schedule would have put it. An event
  // that recurs a million times a run made the queue's refill, not its own
  // work, most of its cost. At most one tick is pending.
  void ScheduleTick(Time at, EventTarget* target, uint32_t tag = 0) {
    tick_at_ = at < now_ ? now_.ns() : at.ns();
    tick_target_ = target;
    tick_tag_ = tag;
  }
  // Runs every event with time <= end, then sets the clock to `end`; after
  // Stop(), returns at once and leaves the clock where it is.
  void RunUntil(Time end);
  // Ends the run after the event in progress (a limit was reached; see
  // PacketPool::set_limit). Final: the loop runs no more events.
  void Stop() { stopped_ = true; }
  bool stopped() const { return stopped_; }
  uint64_t events_processed() const { return processed_; }
  size_t pending() const { return queue_.size() + after_tick_.size() + (tick_target_ ? 1 : 0); }
  // For components that know which lines their next event will read.
  void Prefetch(const void* p) { prefetch_(p); }
  void set_prefetching(bool on) { prefetch_.set_enabled(on); }

 private:
  struct Deferred {
    EventTarget* target;
    uint32_t tag;
  };
  void RunTick();
  // Out of line, so that RunTick, once a sample interval, stays a few
  // instructions when (as nearly always) nothing waits behind the tick.
  [[gnu::noinline]] void PushAfterTick();

  EventQueue queue_;
  // The pending tick (none: tick_at_ is -1, a time no event has) and the
  // events scheduled at its time after it, in order.
  int64_t tick_at_ = -1;
  EventTarget* tick_target_ = nullptr;
  uint32_t tick_tag_ = 0;
  std::vector<Deferred> after_tick_;
  Prefetcher prefetch_;
  Time now_;
  uint64_t processed_ = 0;
  bool stopped_ = false;
};

// A re-armable one-shot timer. Re-arming to a later deadline costs no new
// event: the pending one notices it fired early and sleeps again. This keeps a
// TCP retransmission timer, re-armed on every ACK, at one pending event.
class Timer final : public EventTarget {
 public:
  Timer(EventLoop& loop, EventTarget* owner, uint32_t owner_tag)
      : loop_(loop), owner_(owner), owner_tag_(owner_tag) {}
  void Arm(Time at);
  void Cancel() { armed_ = false; }
  bool armed() const { return armed_; }
  Time deadline() const { return deadline_; }
  void OnEvent(uint32_t generation) override;

 private:
  EventLoop& loop_;
  EventTarget* owner_;
  uint32_t owner_tag_;
  bool armed_ = false;
  bool pending_ = false;
  Time deadline_;
  Time pending_at_;
  uint32_t generation_ = 0;
};

}  // namespace aqmlab
