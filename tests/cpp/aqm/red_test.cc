#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "aqm/red/red_law.h"
#include "aqm/red/red_queue.h"
#include "aqm/registry.h"
#include "test_util.h"

namespace aqmlab {
namespace {

// wq, min_th, max_th, max_p, gentle on, byte mode off, and wait (on by
// default, as ns-2 and ns-3; the spec's spreading formula is without it).
red::Params Classic(bool wait = true) { return red::Params{0.002, 5, 15, 0.1, true, false, wait}; }

TEST(RedLaw, CurveFollowsTheSpec) {
  red::Params p = Classic();
  EXPECT_DOUBLE_EQ(red::CurveProbability(p, 4.9), 0.0);
  EXPECT_DOUBLE_EQ(red::CurveProbability(p, 10), 0.05);
  EXPECT_DOUBLE_EQ(red::CurveProbability(p, 15), 0.1);
  // Gentle: max_p + (1 - max_p)(avg - max_th)/max_th between max_th and 2 max_th.
  EXPECT_DOUBLE_EQ(red::CurveProbability(p, 22.5), 0.1 + 0.9 * 7.5 / 15);
  EXPECT_DOUBLE_EQ(red::CurveProbability(p, 30), 1.0);
  EXPECT_FALSE(red::AboveUpperBound(p, 29.9));
  EXPECT_TRUE(red::AboveUpperBound(p, 30));
  p.gentle = 0;
  EXPECT_TRUE(red::AboveUpperBound(p, 15));
  EXPECT_DOUBLE_EQ(red::CurveProbability(p, 16), 1.0);
}

TEST(RedLaw, AverageIsAnEwmaAndDecaysWhileIdle) {
  EXPECT_DOUBLE_EQ(red::UpdateAverage(10, 0.002, 20, false, Time(), Time::Micros(400)),
                   0.998 * 10 + 0.002 * 20);
  // Idle for 40 ms with 400 us packets: as if m = 100 empty arrivals.
  EXPECT_NEAR(red::UpdateAverage(10, 0.002, 0, true, Time::Millis(40), Time::Micros(400)),
              10 * std::pow(0.998, 100), 1e-12);
}

// The spec's worked spreading pa = pb / (1 - count pb) is Floyd & Jacobson's
// formula without ns-2's wait, so this test turns wait off.
TEST(RedLaw, CountSpreadsDropsAndForcesAboveTheBound) {
  red::Params p = Classic(false);
  red::State s;
  s.avg = 10;  // pb = 0.05
  // Draws just above pa keep passing while pa grows as pb / (1 - count pb).
  EXPECT_EQ(red::Decide(p, s, 1, 0.051), Decision::kPass);
  EXPECT_EQ(s.count, 0);
  EXPECT_DOUBLE_EQ(s.pa, 0.05);
  EXPECT_EQ(red::Decide(p, s, 1, 0.9), Decision::kPass);
  EXPECT_DOUBLE_EQ(s.pa, 0.05 / (1 - 0.05));
  EXPECT_EQ(red::Decide(p, s, 1, 0.0), Decision::kCongest);
  EXPECT_EQ(s.count, 0);
  // With pb = 0.05 no run of passes is longer than 1/pb: pa reaches 1 by
  // the 19th packet after a drop (count pb = 0.95, pa = 0.05 / 0.05).
  int passes = 0;
  while (red::Decide(p, s, 1, 0.99999) == Decision::kPass) ++passes;
  EXPECT_EQ(passes, 18);
  EXPECT_GE(s.pa, 0.99999);
  s.avg = 40;
  EXPECT_EQ(red::Decide(p, s, 1, 0.99), Decision::kForceDrop);
  s.avg = 1;
  EXPECT_EQ(red::Decide(p, s, 1, 0.0), Decision::kPass);
  EXPECT_EQ(s.count, -1);
}

// ns-2's wait_ / ns-3's Wait: pa = 0 while count pb < 1, then
// pb / (2 - count pb), 1 from count pb >= 2.
TEST(RedLaw, WaitHoldsTheFirstSignalUntilCountPbReachesOne) {
  red::Params p = Classic();
  red::State s;
  s.avg = 10;  // pb = 0.05: nothing before the 20th packet since the last signal
  s.count = 0;  // as right after a signal
  for (int64_t count = 0; count < 19; ++count) {
    ASSERT_EQ(red::Decide(p, s, 1, 0.0), Decision::kPass) << count;
    ASSERT_EQ(s.pa, 0.0);
  }
  EXPECT_EQ(red::Decide(p, s, 1, 0.0), Decision::kCongest);  // count 20: pa = 0.05 / (2 - 1)
  EXPECT_DOUBLE_EQ(s.pa, 0.05);
  EXPECT_EQ(s.count, 0);
  // A draw just below 1 passes up to count 38 (pa = 0.05 / 0.1) and is
  // signalled at count 39 (count pb = 1.95, pa = 1).
  int passes = 0;
  while (red::Decide(p, s, 1, 0.99999) == Decision::kPass) ++passes;
  EXPECT_EQ(passes, 38);
  EXPECT_DOUBLE_EQ(s.pa, 1.0);
  EXPECT_DOUBLE_EQ(red::SpreadProbability(p, 30, 0.05), 0.05 / 0.5);
  EXPECT_EQ(red::SpreadProbability(p, 40, 0.05), 1.0);
  p.wait = false;
  EXPECT_DOUBLE_EQ(red::SpreadProbability(p, 10, 0.05), 0.05 / 0.5);
}

// At a fixed pb = 0.02 the count at a signal (packets since the previous
// one) is uniform: on [50, 99] with wait (each with probability pb; mean
// 74.5), on [1, 49] without (probability pb / (1 - pb); mean 25). With wait
// signals come about three times as far apart at the same average queue.
TEST(RedLaw, WaitSpacesSignalsUniformlyBetweenOneAndTwoOverPb) {
  std::mt19937_64 rng(2023);
  std::uniform_real_distribution<double> uniform(0, 1);
  struct Expect {
    bool wait;
    int64_t lo, hi;
  };
  for (const Expect e : {Expect{true, 50, 99}, Expect{false, 1, 49}}) {
    red::State s;
    s.avg = 7;  // pb = 0.02
    std::vector<int64_t> gaps;
    bool first = true;  // the first signal ends a gap that began at the start
    while (gaps.size() < 20000) {
      const int64_t count = s.count + 1;  // the count this arrival is judged at
      if (red::Decide(Classic(e.wait), s, 1, uniform(rng)) != Decision::kCongest) continue;
      if (!first) gaps.push_back(count);
      first = false;
    }
    const auto [min, max] = std::minmax_element(gaps.begin(), gaps.end());
    EXPECT_EQ(*min, e.lo) << e.wait;
    EXPECT_EQ(*max, e.hi) << e.wait;
    const double mean = std::accumulate(gaps.begin(), gaps.end(), 0.0) / 20000;
    EXPECT_NEAR(mean, (e.lo + e.hi) / 2.0, 0.5) << e.wait;
    // Flat: each fifth of the range holds a fifth of the gaps (+-6%, about
    // four standard deviations).
    const double width = static_cast<double>(e.hi - e.lo + 1) / 5;
    std::array<int, 5> bins{};
    for (const int64_t g : gaps) ++bins[static_cast<size_t>((g - e.lo) / width)];
    for (const int b : bins) EXPECT_NEAR(b, 4000, 240) << e.wait;
  }
}

// The first packet after a signal: pa = pb scaled by size, without wait (with
// it, pa would be 0 there).
TEST(RedLaw, ByteModeScalesByPacketSize) {
  red::Params p = Classic(false);
  p.byte_mode = 1;
  red::State s;
  s.avg = 10;
  red::Decide(p, s, 0.5, 0.99);
  EXPECT_DOUBLE_EQ(s.pa, 0.025);
}

TEST(RedQueue, DefaultsScaleWithTheBufferAndRefuseBadChanges) {
  EventLoop loop;
  PacketPool pool;
  QueueDiscEnv env;
  env.link.buffer_packets = 200;
  env.loop = &loop;
  env.pool = &pool;
  auto disc = FindAqm("red")->create(env, {});
  ASSERT_TRUE(disc.ok());
  QueueDisc& q = *disc.value();
  EXPECT_EQ(q.GetParam("min_th"), 50);
  EXPECT_EQ(q.GetParam("max_th"), 150);
  Status s = q.SetParam("max_p", 1.5);
  EXPECT_EQ(s.error, "max_p: must be in [0, 1], got 1.5");
  s = q.SetParam("min_th", 160);
  EXPECT_EQ(s.error, "min_th: must be below max_th (150), got 160");
  s = q.SetParam("gentle", 0.5);
  EXPECT_NE(s.error.find("gentle"), std::string::npos);
  EXPECT_EQ(q.GetParam("min_th"), 50);
  EXPECT_EQ(q.GetParam("max_p"), 0.1);
  EXPECT_TRUE(q.SetParam("max_p", 0.25).ok());
  EXPECT_EQ(q.GetParam("max_p"), 0.25);
  EXPECT_FALSE(FindAqm("red")->create(env, {{"min_th", 150}, {"max_th", 100}}).ok());
}

// The default lab: 50 flows, RTTs 40..200 ms, 10 Mb/s, buffer 200.
constexpr const char* kDefaultShort = R"({"duration_s": 60, "warmup_s": 15})";

TEST(RedQueue, KeepsTheQueueFarBelowDropTailAtTheSameUtilisation) {
  const Summary droptail = testing::RunSummary(kDefaultShort, 0);
  const Summary red = testing::RunSummary(kDefaultShort, 1);
  EXPECT_GT(droptail.mean_queue_pkts, 140);
  EXPECT_LT(red.mean_queue_pkts, 0.6 * droptail.mean_queue_pkts);
  EXPECT_LT(red.mean_delay_ms, 0.6 * droptail.mean_delay_ms);
  EXPECT_GT(red.utilisation, 0.97);
  EXPECT_NEAR(red.utilisation, droptail.utilisation, 0.03);
}

TEST(RedQueue, AverageSignalTracksTheQueue) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(kDefaultShort), 1);
  const auto avg = testing::Column(*sim, "aqm.avg");
  const auto q = testing::Column(*sim, "queue_pkts");
  const auto p = testing::Column(*sim, "p");
  ASSERT_EQ(avg.size(), 6000u);
  double sum_avg = 0, sum_q = 0;
  for (size_t i = 1500; i < avg.size(); ++i) {
    sum_avg += avg[i];
    sum_q += q[i];
    EXPECT_GE(p[i], 0.0);
    EXPECT_LE(p[i], 1.0);
  }
  EXPECT_NEAR(sum_avg / 4500, sum_q / 4500, 0.15 * sum_q / 4500);
}

}  // namespace
}  // namespace aqmlab
