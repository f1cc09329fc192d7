// REM (Athuraliya et al. 2001): the price update and the exponential map
// step by step against hand-computed numbers, and the closed loop.
#include <gtest/gtest.h>

#include <cmath>

#include "aqm/rem/rem_law.h"
#include "aqm/rem/rem_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

// phi = 1.001, alpha = 0.1, gamma = 0.001, every 2 ms, q0 = 50, the
// paper's rate mismatch.
const rem::Params kPaper{1.001, 0.1, 0.001, 2, 50, false};
// The same with the spec's queue-growth form, whose worked numbers these are.
const rem::Params kSpec{1.001, 0.1, 0.001, 2, 50, true};

double Map(double price) { return 1.0 - std::pow(1.001, -price); }

// The spec's form ignores the measured rates (given here as nonsense on
// purpose): its growth term is q - q_old.
TEST(RemLaw, SpecFormIntegratesMismatchAndGrowth) {
  const rem::Interval ignored{1000, 0};
  rem::State s;
  // u += gamma (q - (1 - alpha) q_old - alpha q0)
  rem::Update(kSpec, s, 80, ignored);  // 0.001 (80 - 0 - 5) = 0.075
  EXPECT_NEAR(s.price, 0.075, 1e-15);
  EXPECT_NEAR(s.p, 7.49597e-5, 1e-10);  // 1 - 1.001^-0.075
  rem::Update(kSpec, s, 90, ignored);  // + 0.001 (90 - 72 - 5) = 0.088
  EXPECT_NEAR(s.price, 0.088, 1e-15);
  EXPECT_NEAR(s.p, Map(0.088), 1e-15);
  rem::Update(kSpec, s, 10, ignored);  // + 0.001 (10 - 81 - 5) = 0.012
  EXPECT_NEAR(s.price, 0.012, 1e-15);
  rem::Update(kSpec, s, 0, ignored);  // + 0.001 (0 - 9 - 5) < 0: the price stops at 0
  EXPECT_EQ(s.price, 0.0);
  EXPECT_EQ(s.p, 0.0);
  EXPECT_EQ(s.q_old, 0);
}

// The paper's form: u += gamma (alpha (q - q0) + x - c), x and c in packets
// per interval (10 Mb/s, 500 B, 2 ms: c = 5).
TEST(RemLaw, PaperFormIntegratesBacklogAndRateMismatch) {
  rem::State s;
  rem::Update(kPaper, s, 80, {30, 5});  // 0.001 (0.1 (80 - 50) + 30 - 5) = 0.028
  EXPECT_NEAR(s.price, 0.028, 1e-15);
  EXPECT_NEAR(s.p, Map(0.028), 1e-15);
  rem::Update(kPaper, s, 80, {5, 5});  // rates matched: + 0.001 (3) = 0.031
  EXPECT_NEAR(s.price, 0.031, 1e-15);
  // An idle link (q = 0, nothing arriving) takes 0.001 (0.1 (0 - 50) + 0 - 5)
  // = 0.01 off per interval, where the spec's form takes only 0.005.
  rem::Update(kPaper, s, 0, {0, 5});
  EXPECT_NEAR(s.price, 0.021, 1e-15);
  rem::State spec{0.031, 0, 0};
  rem::Update(kSpec, spec, 0, {0, 5});
  EXPECT_NEAR(spec.price, 0.026, 1e-15);
  rem::Update(kPaper, s, 0, {0, 5});
  rem::Update(kPaper, s, 0, {0, 5});
  rem::Update(kPaper, s, 0, {0, 5});  // would be -0.009: the price stops at 0
  EXPECT_EQ(s.price, 0.0);
}

TEST(RemLaw, ExponentialMapReachesOneHalfAtLn2OverLnPhi) {
  rem::State s;
  s.price = std::log(2.0) / std::log(1.001);
  rem::Update(kPaper, s, 50, {5, 5});  // q = q0 and x = c: the step adds nothing
  EXPECT_NEAR(s.p, 0.5, 1e-12);
}

TEST(RemLaw, AQueueHeldAtTheTargetWithMatchedRatesHoldsThePrice) {
  rem::State s{3.0, 50, 0};
  for (int i = 0; i < 1000; ++i) rem::Update(kPaper, s, 50, {5, 5});
  EXPECT_NEAR(s.price, 3.0, 1e-12);
  for (int i = 0; i < 1000; ++i) rem::Update(kSpec, s, 50, {});
  EXPECT_NEAR(s.price, 3.0, 1e-12);
}

// The harness's link is 10 Mb/s with 500 B packets: c = 5 per 2 ms.
TEST(RemQueue, UpdatesEveryIntervalOnTheMeasuredArrivalsAndCapacity) {
  testing::QueueHarness h("rem", {{"q0", 50}});
  for (int i = 0; i < 80; ++i) ASSERT_TRUE(h.Arrive());
  h.AtMillis(2);  // 0.001 (0.1 (80 - 50) + 80 - 5) = 0.078
  EXPECT_NEAR(h.as<RemQueue>().state().price, 0.078, 1e-15);
  h.AtMillis(3);
  ASSERT_EQ(h.Depart(), 0);
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(h.Arrive(0, 250));  // 1000 B: 2 packets' worth
  h.AtMillis(4);  // q = 83: + 0.001 (0.1 (83 - 50) + 2 - 5) = 0.0003
  EXPECT_NEAR(h.as<RemQueue>().state().price, 0.0783, 1e-15);
  EXPECT_NEAR(h.disc().probability(), Map(0.0783), 1e-15);
}

TEST(RemQueue, TheSpecFormUpdatesOnTheSampledQueue) {
  testing::QueueHarness h("rem", {{"q0", 50}, {"queue_growth", 1}});
  for (int i = 0; i < 80; ++i) ASSERT_TRUE(h.Arrive());
  h.AtMillis(2);  // one update: 0.075
  EXPECT_NEAR(h.as<RemQueue>().state().price, 0.075, 1e-15);
  h.AtMillis(4);  // + 0.001 (80 - 72 - 5)
  EXPECT_NEAR(h.as<RemQueue>().state().price, 0.078, 1e-15);
  EXPECT_NEAR(h.disc().probability(), Map(0.078), 1e-15);
}

TEST(RemQueue, RefusesBadParametersAndKeepsTheOldOnes) {
  testing::QueueHarness h("rem");
  EXPECT_FALSE(h.disc().SetParam("phi", 1.0).ok());  // must exceed 1
  EXPECT_FALSE(h.disc().SetParam("alpha", 2).ok());
  EXPECT_FALSE(h.disc().SetParam("interval_ms", 0).ok());
  EXPECT_EQ(h.disc().GetParam("phi"), 1.001);
  EXPECT_EQ(h.disc().GetParam("alpha"), 0.1);
  EXPECT_EQ(h.disc().GetParam("interval_ms"), 2);
}

// The default lab: REM's integral action settles the queue at q0.
TEST(RemQueue, HoldsTheMeanQueueNearTheTargetBacklog) {
  const Summary s = testing::RunSummary(R"({"duration_s": 50, "warmup_s": 20,
    "sides": [{"aqm": "rem"}]})");
  EXPECT_NEAR(s.mean_queue_pkts, 50, 12.5);  // +-25%, as for PI
  EXPECT_GT(s.utilisation, 0.97);
}

}  // namespace
}  // namespace aqmlab
