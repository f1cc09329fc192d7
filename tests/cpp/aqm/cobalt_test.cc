// COBALT (CAKE's AQM; Linux sch_cake.c's cobalt_*, ns-3's CobaltQueueDisc):
// BLUE's steps on overflow and on an empty queue with its freeze time,
// CoDel's drop schedule with a count that decays instead of resetting,
// BLUE's drops ignoring ECN, the queue's accounting, and the purpose: an
// unresponsive flow held by BLUE where CoDel alone cannot.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "aqm/cobalt/cobalt_law.h"
#include "aqm/cobalt/cobalt_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

const cobalt::Params kDefaults{};  // 5 ms, 100 ms, 1/256, 1/4096, 400 ms

Time Ms(double ms) { return Time::Millis(ms); }

// BLUE steps up by 1/256 at a full queue, at most once per target (5 ms,
// strictly more than 5 ms apart), and the CoDel part is told to signal now.
TEST(CobaltLaw, BlueStepsUpOnOverflowOncePerTarget) {
  cobalt::State s;
  cobalt::OnQueueFull(kDefaults, s, Ms(10));
  EXPECT_EQ(s.blue.p, 1.0 / 256);
  EXPECT_TRUE(s.dropping);
  EXPECT_EQ(s.drop_next, Ms(10));
  EXPECT_EQ(s.count, 1);
  cobalt::OnQueueFull(kDefaults, s, Ms(12));  // 2 ms later: frozen
  EXPECT_EQ(s.blue.p, 1.0 / 256);
  cobalt::OnQueueFull(kDefaults, s, Ms(15));  // exactly 5 ms: still frozen
  EXPECT_EQ(s.blue.p, 1.0 / 256);
  cobalt::OnQueueFull(kDefaults, s, Ms(15.001));
  EXPECT_EQ(s.blue.p, 2.0 / 256);
  // 256 steps saturate at 1.
  for (int k = 1; k <= 300; ++k) cobalt::OnQueueFull(kDefaults, s, Ms(15.001 + 6 * k));
  EXPECT_EQ(s.blue.p, 1.0);
}

// BLUE steps down by 1/4096 when the queue is found empty, with the same
// freeze; at zero it stays put and its timer does not move (Linux and ns-3
// test p_drop first), so the next overflow counts at once.
TEST(CobaltLaw, BlueStepsDownOnEmptyAndOnlyWhileOn) {
  cobalt::State s;
  cobalt::OnQueueFull(kDefaults, s, Ms(10));
  cobalt::OnQueueFull(kDefaults, s, Ms(16));  // p = 2/256 = 32/4096
  cobalt::OnQueueEmpty(kDefaults, s, Ms(19));  // frozen
  EXPECT_EQ(s.blue.p, 32.0 / 4096);
  EXPECT_FALSE(s.dropping);
  cobalt::OnQueueEmpty(kDefaults, s, Ms(21.5));
  EXPECT_DOUBLE_EQ(s.blue.p, 31.0 / 4096);
  // Below one step it floors at zero.
  s.blue.p = 1.0 / 8192;
  cobalt::OnQueueEmpty(kDefaults, s, Ms(40));
  EXPECT_EQ(s.blue.p, 0.0);
  EXPECT_EQ(s.blue.last_update, Ms(40));

  cobalt::State idle;
  cobalt::OnQueueEmpty(kDefaults, idle, Ms(100));
  EXPECT_EQ(idle.blue.last_update, Time());  // p was 0: no step, no timer
  cobalt::OnQueueFull(kDefaults, idle, Ms(101));
  EXPECT_EQ(idle.blue.p, 1.0 / 256);
}

struct Tick {
  double t_ms;
  Decision d;
  int64_t count;
};

// Dequeues one packet a millisecond: sojourn 1 ms until 100 ms, 20 ms until
// 450 ms, 1 ms after; returns the signalled packets and the count at each.
std::vector<Tick> RunSchedule(cobalt::State& s, double until_ms, std::vector<int64_t>* counts) {
  std::vector<Tick> out;
  for (int t = 0; t <= until_ms; ++t) {
    const double sojourn = t >= 100 && t < 450 ? 20 : 1;
    const cobalt::Candidate c{Ms(t), Ms(sojourn), Time(), false, 0.5};
    const Decision d = cobalt::OnDequeue(kDefaults, s, c);
    if (d != Decision::kPass) out.push_back({static_cast<double>(t), d, s.count});
    if (counts) counts->push_back(s.count);
  }
  return out;
}

// CoDel's schedule as COBALT runs it. The first packet over target (100 ms)
// starts dropping with the first signal one interval later (200 ms); then
// drop_next += 100 / sqrt(count) ms: 270.71, 328.45, 378.45, 423.17, ...
// so the packets dequeued each millisecond signal at 200, 271, 329, 379, 424.
// After the sojourn falls (450 ms) nothing is signalled and the count decays
// by one per control-law period instead of resetting: at 464 ms (drop_next
// 423.17 + 100/sqrt(6) = 463.99) it falls to 5, at 509 ms (+100/sqrt(5)) to
// 4, and so on.
TEST(CobaltLaw, DropScheduleAndCountDecay) {
  cobalt::State s;
  std::vector<int64_t> counts;
  const std::vector<Tick> signals = RunSchedule(s, 1000, &counts);
  ASSERT_EQ(signals.size(), 5u);
  const double expect_t[] = {200, 271, 329, 379, 424};
  for (size_t k = 0; k < 5; ++k) {
    EXPECT_EQ(signals[k].t_ms, expect_t[k]) << k;
    EXPECT_EQ(signals[k].d, Decision::kCongest);
    EXPECT_EQ(signals[k].count, static_cast<int64_t>(k) + 2);
  }
  EXPECT_EQ(counts[100], 1);  // entering: count 1, no signal yet
  EXPECT_EQ(counts[463], 6);
  EXPECT_EQ(counts[464], 5);
  EXPECT_EQ(counts[508], 5);
  EXPECT_EQ(counts[509], 4);
  // Decay continues period by period: 100/sqrt(4) = 50 ms, then 57.7, 70.7,
  // and at count 0 drop_next becomes an activity timer (now + interval).
  EXPECT_EQ(counts[558], 4);
  EXPECT_EQ(counts[559], 3);
  EXPECT_EQ(counts[617], 2);
  EXPECT_EQ(counts[688], 1);
  EXPECT_EQ(counts[788], 0);
  EXPECT_EQ(s.drop_next, Ms(1000) + Ms(100));
}

// Re-entering soon after keeps the decayed count: the spacing resumes from
// it, where RFC 8289's CoDel would restart from count - lastcount or 1.
TEST(CobaltLaw, ReentryResumesFromTheDecayedCount) {
  cobalt::State s;
  RunSchedule(s, 470, nullptr);  // count 5 after the decay at 464 ms
  ASSERT_EQ(s.count, 5);
  // Over target again at 471 ms: dropping restarts with drop_next =
  // now + 100/sqrt(5) and the next signal raises the count to 6.
  const Time start = Ms(471);
  cobalt::OnDequeue(kDefaults, s, {start, Ms(20), Time(), false, 0.5});
  EXPECT_TRUE(s.dropping);
  EXPECT_EQ(s.drop_next, start + Time::Nanos(static_cast<int64_t>(100e6 / std::sqrt(5.0))));
}

// ECN: CoDel's signal on a markable packet is a mark (the packet stays, the
// schedule advances); BLUE's is always a drop.
TEST(CobaltLaw, CodelMarksButBlueDropsEvenEcnCapablePackets) {
  cobalt::State s;
  s.blue.p = 0.25;
  s.blue.last_update = Ms(1);
  s.drop_next = Ms(50);  // an activity timer, count 0
  EXPECT_EQ(cobalt::OnDequeue(kDefaults, s, {Ms(2), Ms(1), Time(), true, 0.2}),
            Decision::kForceDrop);
  EXPECT_EQ(cobalt::OnDequeue(kDefaults, s, {Ms(3), Ms(1), Time(), true, 0.3}), Decision::kPass);

  cobalt::State c;
  c.count = 3;
  c.dropping = true;
  c.drop_next = Ms(10);
  EXPECT_EQ(cobalt::OnDequeue(kDefaults, c, {Ms(10), Ms(20), Time(), true, 0.9}),
            Decision::kCongest);
  EXPECT_EQ(c.count, 4);
  EXPECT_EQ(c.drop_next, Ms(10) + Ms(50));  // 100 / sqrt(4)
}

// ns-3's BlueThreshold: a packet that waited more than 400 ms raises BLUE
// as an overflow would; below it, BLUE only moves on overflow and empty.
TEST(CobaltLaw, LongSojournRaisesBlueAsNs3Does) {
  cobalt::State s;
  s.drop_next = Ms(1000);
  cobalt::OnDequeue(kDefaults, s, {Ms(10), Ms(399), Time(), false, 0.9});
  EXPECT_EQ(s.blue.p, 0.0);
  cobalt::OnDequeue(kDefaults, s, {Ms(11), Ms(401), Time(), false, 0.9});
  EXPECT_EQ(s.blue.p, 1.0 / 256);
}

// CAKE's floor: a sojourn over target but under the floor is not over target.
TEST(CobaltLaw, SojournMustAlsoExceedTheFloor) {
  cobalt::State s;
  s.drop_next = Ms(1000);
  cobalt::OnDequeue(kDefaults, s, {Ms(10), Ms(8), Ms(9), false, 0.9});
  EXPECT_FALSE(s.dropping);
  cobalt::OnDequeue(kDefaults, s, {Ms(11), Ms(10), Ms(9), false, 0.9});
  EXPECT_TRUE(s.dropping);
}

TEST(CobaltQueue, RefusesTargetAboveInterval) {
  testing::QueueHarness h("cobalt");
  EXPECT_EQ(h.disc().CheckParam("target_ms", 200).error,
            "target_ms: must be below interval_ms (100), got 200");
  EXPECT_FALSE(h.disc().SetParam("p_inc", 1.5).ok());
  EXPECT_EQ(h.disc().GetParam("p_inc"), 1.0 / 256);
  EXPECT_EQ(h.disc().GetParam("blue_threshold_ms"), 400);
}

// An unresponsive flow at 1.5 times the link's rate: CoDel's part alone
// cannot drop a third of the packets soon enough, so the buffer overflows and
// BLUE climbs until its own drops hold the queue; its p then sits near the
// excess share 1/3. p stays in [0, 1] and the counters add up all along.
TEST(CobaltQueue, BlueHoldsAnUnresponsiveFlow) {
  testing::QueueHarness h("cobalt", {}, 100);
  double early_overflow = 0;
  for (int k = 1; k <= 150000; ++k) {  // 60 s of 0.4 ms slots
    h.At(Time::Micros(400.0 * k));
    h.Arrive(0);
    if (k % 2 == 0) h.Arrive(0);
    h.Depart();
    const double p = h.disc().probability();
    ASSERT_GE(p, 0.0);
    ASSERT_LE(p, 1.0);
    if (k == 25000) early_overflow = static_cast<double>(h.disc().counters().drops_of(DropReason::kOverflow));
  }
  const QueueCounters& c = h.disc().counters();
  EXPECT_NEAR(h.disc().probability(), 1.0 / 3, 0.1);
  // After the first 10 s, BLUE's drops (forced) do the work, not overflow.
  const double late_overflow = static_cast<double>(c.drops_of(DropReason::kOverflow)) - early_overflow;
  EXPECT_LT(late_overflow, 0.05 * static_cast<double>(c.drops_of(DropReason::kForced)));
  h.ExpectBalanced();
}

// Same packets, same seed: the same verdicts.
TEST(CobaltQueue, Deterministic) {
  auto run = [] {
    testing::QueueHarness h("cobalt", {}, 60);
    RandomStream rng(5, StreamPurpose::kTraffic, 0);
    std::vector<int32_t> out;
    for (int k = 1; k <= 20000; ++k) {
      h.At(Time::Micros(100.0 * k));
      for (int n = static_cast<int>(rng.Uniform() * 2.6); n > 0; --n) h.Arrive(0);
      if (k % 2 == 0) out.push_back(h.Depart());
    }
    h.ExpectBalanced();
    return std::make_pair(out, h.disc().counters().drops_total());
  };
  EXPECT_EQ(run(), run());
}

}  // namespace
}  // namespace aqmlab
