#include <gtest/gtest.h>

#include <vector>

#include "sim/event_loop.h"

namespace aqmlab {
namespace {

struct Recorder final : EventTarget {
  explicit Recorder(EventLoop& l) : loop(l) {}
  void OnEvent(uint32_t tag) override { seen.push_back({loop.now().ns(), tag}); }
  EventLoop& loop;
  std::vector<std::pair<int64_t, uint32_t>> seen;
};

// Sample times are whole nanoseconds; in seconds they must read as the
// decimals a user types ("run to 15 s"), which multiplying by 1e-9 breaks.
TEST(Time, SecondsOfWholeSampleIntervalsAreTheirDecimals) {
  for (int64_t k = 0; k <= 100000; ++k) {
    const Time t = Time::Millis(10) * k;
    ASSERT_EQ(t.seconds(), static_cast<double>(k) / 100.0) << k;
  }
  EXPECT_EQ(Time::Millis(15000).seconds(), 15.0);
  EXPECT_EQ(Time::Micros(2500).millis(), 2.5);
}

TEST(EventLoop, RunsInTimeOrderAndTiesInScheduleOrder) {
  EventLoop loop;
  Recorder r(loop);
  loop.Schedule(Time::Nanos(30), &r, 1);
  loop.Schedule(Time::Nanos(10), &r, 2);
  loop.Schedule(Time::Nanos(30), &r, 3);
  loop.Schedule(Time::Nanos(10), &r, 4);
  loop.Schedule(Time::Nanos(20), &r, 5);
  loop.RunUntil(Time::Nanos(100));
  const std::vector<std::pair<int64_t, uint32_t>> expected = {
      {10, 2}, {10, 4}, {20, 5}, {30, 1}, {30, 3}};
  EXPECT_EQ(r.seen, expected);
  EXPECT_EQ(loop.now().ns(), 100);
  EXPECT_EQ(loop.events_processed(), 5u);
}

TEST(EventLoop, StopsAtTheHorizonAndResumes) {
  EventLoop loop;
  Recorder r(loop);
  loop.Schedule(Time::Nanos(50), &r, 1);
  loop.Schedule(Time::Nanos(150), &r, 2);
  loop.RunUntil(Time::Nanos(100));
  ASSERT_EQ(r.seen.size(), 1u);
  EXPECT_EQ(loop.now().ns(), 100);
  loop.RunUntil(Time::Nanos(150));  // inclusive
  ASSERT_EQ(r.seen.size(), 2u);
  EXPECT_EQ(r.seen[1].first, 150);
}

TEST(EventLoop, PastEventsRunNowNotInThePast) {
  EventLoop loop;
  Recorder r(loop);
  loop.RunUntil(Time::Nanos(100));
  loop.Schedule(Time::Nanos(10), &r, 7);
  loop.RunUntil(Time::Nanos(100));
  ASSERT_EQ(r.seen.size(), 1u);
  EXPECT_EQ(r.seen[0].first, 100);
}

TEST(Timer, FiresOnceAtTheLatestDeadline) {
  EventLoop loop;
  Recorder owner(loop);
  Timer t(loop, &owner, 9);
  t.Arm(Time::Nanos(100));
  t.Arm(Time::Nanos(300));  // later: no new event, the pending one re-sleeps
  loop.RunUntil(Time::Nanos(1000));
  ASSERT_EQ(owner.seen.size(), 1u);
  EXPECT_EQ(owner.seen[0], (std::pair<int64_t, uint32_t>{300, 9}));
}

TEST(Timer, EarlierRearmWinsAndCancelSilences) {
  EventLoop loop;
  Recorder owner(loop);
  Timer t(loop, &owner, 1);
  t.Arm(Time::Nanos(500));
  t.Arm(Time::Nanos(200));
  loop.RunUntil(Time::Nanos(1000));
  ASSERT_EQ(owner.seen.size(), 1u);
  EXPECT_EQ(owner.seen[0].first, 200);

  t.Arm(Time::Nanos(1500));
  t.Cancel();
  loop.RunUntil(Time::Nanos(3000));
  EXPECT_EQ(owner.seen.size(), 1u);
  EXPECT_FALSE(t.armed());
}

}  // namespace
}  // namespace aqmlab
