// The radix event queue against a plain (time, insertion number) ordering.
#include "sim/event_queue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <utility>
#include <vector>

namespace aqmlab {
namespace {

// The reference: an ordered set of (time, insertion number).
struct Oracle {
  std::set<std::pair<int64_t, uint32_t>> pending;
  bool PopUpTo(int64_t limit, std::pair<int64_t, uint32_t>* out) {
    if (pending.empty() || pending.begin()->first > limit) return false;
    *out = *pending.begin();
    pending.erase(pending.begin());
    return true;
  }
};

// The tag carries the insertion number, so the order of ties is checked too.
void Push(EventQueue& q, Oracle& o, int64_t at, uint32_t& next_tag) {
  q.Push(at, nullptr, next_tag);
  o.pending.insert({at, next_tag});
  ++next_tag;
}

std::vector<std::pair<int64_t, uint32_t>> Drain(EventQueue& q, int64_t limit) {
  std::vector<std::pair<int64_t, uint32_t>> out;
  QueuedEvent e;
  while (q.PopUpTo(limit, &e)) out.push_back({e.at, e.tag});
  return out;
}

TEST(EventQueue, TimeOrderWithTiesInInsertionOrder) {
  EventQueue q;
  const int64_t times[] = {300, 10, 300, 10, 20, 1 << 20, 10, 300, 0, 1 << 20};
  uint32_t tag = 0;
  for (int64_t t : times) q.Push(t, nullptr, tag++);
  const std::vector<std::pair<int64_t, uint32_t>> expected = {
      {0, 8},   {10, 1},  {10, 3},  {10, 6},       {20, 4},
      {300, 0}, {300, 2}, {300, 7}, {1 << 20, 5}, {1 << 20, 9}};
  EXPECT_EQ(Drain(q, std::numeric_limits<int64_t>::max()), expected);
  EXPECT_EQ(q.size(), 0u);
}

TEST(EventQueue, ManyEventsAtOneTimeKeepTheirOrder) {
  EventQueue q;
  // Far enough ahead to sit in a high level first and move down through all
  // the lower ones; interleaved with other times so blocks chain.
  const int64_t at = int64_t{5} << 40;
  uint32_t tag = 0;
  for (int i = 0; i < 10000; ++i) {
    q.Push(at, nullptr, tag++);
    q.Push(at + 1 + i % 7, nullptr, tag++);
  }
  const auto out = Drain(q, std::numeric_limits<int64_t>::max());
  ASSERT_EQ(out.size(), 20000u);
  EXPECT_TRUE(std::is_sorted(out.begin(), out.end()));  // time, then insertion
  for (int i = 0; i < 10000; ++i) {
    EXPECT_EQ(out[i].first, at);
    EXPECT_EQ(out[i].second, 2u * i);
  }
}

TEST(EventQueue, StopsAtTheLimitWithoutMovingTheFloor) {
  EventQueue q;
  q.Push(1000, nullptr, 1);
  q.Push(5000, nullptr, 2);
  QueuedEvent e;
  ASSERT_TRUE(q.PopUpTo(1000, &e));  // inclusive
  EXPECT_EQ(e.tag, 1u);
  EXPECT_FALSE(q.PopUpTo(4999, &e));
  EXPECT_EQ(q.floor(), 1000);
  // An event between the floor and the refused one still comes first.
  q.Push(2000, nullptr, 3);
  q.Push(1000, nullptr, 4);
  EXPECT_EQ(Drain(q, 10000),
            (std::vector<std::pair<int64_t, uint32_t>>{{1000, 4}, {2000, 3}, {5000, 2}}));
}

TEST(EventQueue, FarFutureEvents) {
  EventQueue q;
  const int64_t max = std::numeric_limits<int64_t>::max();
  q.Push(max, nullptr, 1);
  q.Push(max - 1, nullptr, 2);
  q.Push(int64_t{86400} * 1000000000, nullptr, 3);  // a day, the longest run
  q.Push(max, nullptr, 4);
  q.Push(7, nullptr, 5);
  EXPECT_EQ(Drain(q, max), (std::vector<std::pair<int64_t, uint32_t>>{
                               {7, 5}, {int64_t{86400} * 1000000000, 3}, {max - 1, 2},
                               {max, 1}, {max, 4}}));
}

// Random traffic shaped like a simulation: most events a little ahead, some
// (timers) far ahead, many ties, and pops that stop at moving horizons.
TEST(EventQueue, MatchesTheReferenceOrderOnRandomTraffic) {
  std::mt19937_64 rng(42);
  EventQueue q;
  Oracle o;
  uint32_t tag = 0;
  int64_t now = 0;
  const int64_t leads[] = {0, 1, 255, 256, 400, 65536, 1 << 24, int64_t{1} << 33};
  for (int round = 0; round < 20000; ++round) {
    const int pushes = static_cast<int>(rng() % 4);
    for (int i = 0; i < pushes; ++i) {
      const int64_t scale = leads[rng() % 8];
      const int64_t lead = scale == 0 ? 0 : static_cast<int64_t>(rng() % (2 * scale));
      Push(q, o, now + lead, tag);
    }
    const int64_t limit = now + static_cast<int64_t>(rng() % 3000);
    const int pops = static_cast<int>(rng() % 4);
    for (int i = 0; i < pops; ++i) {
      QueuedEvent e;
      std::pair<int64_t, uint32_t> want;
      const bool got = q.PopUpTo(limit, &e);
      ASSERT_EQ(got, o.PopUpTo(limit, &want)) << "round " << round;
      if (!got) {
        now = limit;  // as the loop: the clock moves to the horizon
        break;
      }
      ASSERT_EQ(std::make_pair(e.at, e.tag), want) << "round " << round;
      now = e.at;
    }
    ASSERT_EQ(q.size(), o.pending.size());
  }
  std::vector<std::pair<int64_t, uint32_t>> rest(o.pending.begin(), o.pending.end());
  EXPECT_EQ(Drain(q, std::numeric_limits<int64_t>::max()), rest);
}

TEST(EventQueue, MemoryFollowsThePendingEventsNotTheRunLength) {
  EventQueue q;
  std::mt19937_64 rng(7);
  uint32_t tag = 0;
  // 2,000 events pending at all times, each re-scheduled up to 0.5 s ahead
  // when it runs, for many times the span of every level below the top.
  for (int i = 0; i < 2000; ++i) q.Push(static_cast<int64_t>(rng() % 500000000), nullptr, tag++);
  QueuedEvent e;
  for (int i = 0; i < 4000000; ++i) {
    ASSERT_TRUE(q.PopUpTo(std::numeric_limits<int64_t>::max(), &e));
    q.Push(e.at + static_cast<int64_t>(rng() % 500000000), nullptr, tag++);
  }
  EXPECT_EQ(q.size(), 2000u);
  EXPECT_EQ(q.nodes_allocated(), 2000u);  // the peak, reused ever since
}

}  // namespace
}  // namespace aqmlab
