// PI (Hollot et al. 2001): the law step by step against hand-computed
// numbers, the sampling timer, and the purpose in a closed loop.
#include <gtest/gtest.h>

#include "aqm/pi/pi_law.h"
#include "aqm/pi/pi_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

// a = 1.822e-5, b = 1.816e-5, qref = 50.
const pi::Params kPaper{1.822e-5, 1.816e-5, 170, 50};

TEST(PiLaw, StepsMatchTheDifferenceEquation) {
  pi::State s;  // p = 0, q_old = 0
  // p += a (q - qref) - b (q_old - qref)
  pi::Update(kPaper, s, 100);  // 50 a + 50 b
  EXPECT_NEAR(s.p, 1.819e-3, 1e-12);
  EXPECT_EQ(s.q_old, 100);
  pi::Update(kPaper, s, 120);  // + 70 a - 50 b = +3.674e-4
  EXPECT_NEAR(s.p, 2.1864e-3, 1e-12);
  pi::Update(kPaper, s, 50);  // + 0 - 70 b = -1.2712e-3
  EXPECT_NEAR(s.p, 9.152e-4, 1e-12);
  pi::Update(kPaper, s, 20);  // - 30 a - 0 = -5.466e-4
  EXPECT_NEAR(s.p, 3.686e-4, 1e-12);
  pi::Update(kPaper, s, 0);  // - 50 a + 30 b = -3.662e-4
  EXPECT_NEAR(s.p, 2.4e-6, 1e-12);
  pi::Update(kPaper, s, 0);  // - 50 a + 50 b = -3e-6: clamped at 0
  EXPECT_EQ(s.p, 0.0);
}

TEST(PiLaw, HoldingTheQueueAtQrefHoldsP) {
  pi::State s{0.03, 50};
  for (int i = 0; i < 1000; ++i) pi::Update(kPaper, s, 50);
  EXPECT_NEAR(s.p, 0.03, 1e-15);
}

TEST(PiLaw, ProbabilityIsClampedToOne) {
  pi::State s{0.9999, 0};
  pi::Update(pi::Params{0.01, 0, 170, 50}, s, 200);
  EXPECT_EQ(s.p, 1.0);
  EXPECT_EQ(pi::Decide(s, 0.99999), Decision::kCongest);
}

TEST(PiQueue, SamplesAt170HzAndDecidesWithP) {
  testing::QueueHarness h("pi", {{"qref", 50}});
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(h.Arrive());  // p = 0: all pass
  // 170 samples of q = 100: 50 (a + b) first, then 50 (a - b) = 3e-6 each.
  h.At(Time::Seconds(1.001));
  EXPECT_NEAR(h.disc().probability(), 1.819e-3 + 169 * 3e-6, 1e-12);
  // Halving the frequency takes effect from the next tick, with one timer.
  ASSERT_TRUE(h.disc().SetParam("freq_hz", 85).ok());
  h.At(Time::Seconds(2.001));
  EXPECT_NEAR(h.disc().probability(), 1.819e-3 + (169 + 85) * 3e-6, 1e-12);
}

TEST(PiQueue, DefaultReferenceIsAQuarterOfTheBuffer) {
  testing::QueueHarness h("pi", {}, 400);
  EXPECT_EQ(h.disc().GetParam("qref"), 100);
}

TEST(PiQueue, RefusesBadParametersAndKeepsTheOldOnes) {
  testing::QueueHarness h("pi");
  EXPECT_EQ(h.disc().SetParam("freq_hz", 0).error, "freq_hz: must be in [1, 10000], got 0");
  EXPECT_FALSE(h.disc().SetParam("a", -1e-5).ok());
  EXPECT_FALSE(h.disc().SetParam("qref", -1).ok());
  EXPECT_EQ(h.disc().GetParam("freq_hz"), 170);
  EXPECT_EQ(h.disc().GetParam("a"), 1.822e-5);
  EXPECT_EQ(h.disc().GetParam("qref"), 50);
}

// 100 long-lived flows on the default link. The published gains integrate
// slowly here (p must climb to ~0.08 at about 1.5e-3 per second with the
// buffer full), so PI settles after ~120 s: run 150 s, measure the last 30
// (mean queue over 90-120 s: 62-64 in seeds 1-3, still falling; over
// 120-150 s: 52-57). Longer than the other closed loops, still about a
// third of a second of CPU.
TEST(PiQueue, HoldsTheMeanQueueNearQrefWithAHundredFlows) {
  const char* json = R"({"duration_s": 150, "warmup_s": 120,
    "groups": [{"kind": "tcp", "count": 100, "rtt_ms": {"min": 40, "max": 200}}],
    "sides": [{"aqm": "pi"}, {"aqm": "droptail"}]})";
  const Summary pi = testing::RunSummary(json, 0);
  const Summary droptail = testing::RunSummary(json, 1);
  // +-25%: the queue's s.d. is ~23 pkts and its samples are correlated over
  // RTTs, so a 30 s mean wanders by several packets between seeds (52-57;
  // 55.6 for seed 1).
  EXPECT_NEAR(pi.mean_queue_pkts, 50, 12.5);
  EXPECT_GT(droptail.mean_queue_pkts, 150);
  EXPECT_GT(pi.utilisation, 0.98);
}

}  // namespace
}  // namespace aqmlab
