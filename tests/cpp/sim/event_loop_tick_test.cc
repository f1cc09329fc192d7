// EventLoop::ScheduleTick (the metric sample's recurring event) must run
// exactly where Schedule would have put it: after the events at its time
// scheduled before it, before those scheduled after it (including those the
// events at its time schedule for the same time), whatever the horizons the
// loop is run to.
#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "sim/event_loop.h"

namespace aqmlab {
namespace {

using Trace = std::vector<std::pair<int64_t, uint32_t>>;

// A crowd of events on a 5 ns grid (so many fall on the tick's 10 ns grid),
// each scheduling a follower 0, 5 or 10 ns later, and a tick every 10 ns that
// also schedules an event at its own time; every run appends to one trace.
struct Crowd final : EventTarget {
  Crowd(EventLoop& l, bool tick) : loop(l), use_tick(tick) {}
  void OnEvent(uint32_t tag) override {
    trace.push_back({loop.now().ns(), tag});
    if (tag == kTick) {
      loop.Schedule(loop.now(), this, 1);  // after the tick, at its time
      if (use_tick) {
        loop.ScheduleTick(loop.now() + Time::Nanos(10), this, kTick);
      } else {
        loop.Schedule(loop.now() + Time::Nanos(10), this, kTick);
      }
      return;
    }
    if (tag >= 100 && tag < 100000) loop.Schedule(loop.now() + Time::Nanos(5 * (tag % 3)), this, tag * 10);
  }
  static constexpr uint32_t kTick = 7;
  EventLoop& loop;
  bool use_tick;
  Trace trace;
};

Trace RunCrowd(bool use_tick, uint64_t events_processed[1]) {
  EventLoop loop;
  Crowd crowd(loop, use_tick);
  std::mt19937_64 rng(42);
  if (use_tick) {
    loop.ScheduleTick(Time::Nanos(10), &crowd, Crowd::kTick);
  } else {
    loop.Schedule(Time::Nanos(10), &crowd, Crowd::kTick);
  }
  for (uint32_t i = 0; i < 400; ++i) loop.Schedule(Time::Nanos(5 * static_cast<int64_t>(rng() % 200)), &crowd, 100 + i);
  // Horizons that fall on, before and between tick times.
  for (int64_t end = 0; end <= 1200; end += static_cast<int64_t>(rng() % 23)) loop.RunUntil(Time::Nanos(end));
  loop.RunUntil(Time::Nanos(1300));
  events_processed[0] = loop.events_processed();
  return crowd.trace;
}

TEST(EventLoopTick, RunsExactlyWhereScheduleWould) {
  uint64_t with_tick = 0, with_queue = 0;
  const Trace a = RunCrowd(true, &with_tick);
  const Trace b = RunCrowd(false, &with_queue);
  ASSERT_GT(a.size(), 1000u);
  EXPECT_EQ(a, b);
  EXPECT_EQ(with_tick, with_queue);  // the tick counts as an event
}

TEST(EventLoopTick, EventsAtTheTickTimeScheduledBeforeItRunFirst) {
  EventLoop loop;
  Crowd crowd(loop, true);
  loop.Schedule(Time::Nanos(10), &crowd, 1);              // before the tick: first
  loop.ScheduleTick(Time::Nanos(10), &crowd, Crowd::kTick);
  loop.Schedule(Time::Nanos(10), &crowd, 2);              // after: behind the tick
  loop.RunUntil(Time::Nanos(10));
  const Trace expected = {{10, 1}, {10, Crowd::kTick}, {10, 2}, {10, 1}};
  EXPECT_EQ(crowd.trace, expected);
  EXPECT_EQ(loop.pending(), 1u);  // the next tick
}

}  // namespace
}  // namespace aqmlab
