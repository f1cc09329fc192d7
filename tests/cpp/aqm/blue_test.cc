// BLUE (Feng et al. 2002): p moves on overflow and idle events, at most once
// per freeze time; the adapter takes both events from the queue base.
#include <gtest/gtest.h>

#include "aqm/blue/blue_law.h"
#include "aqm/blue/blue_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

const blue::Params kTable3{10, 0.001, 0.0002};

TEST(BlueLaw, OverflowAndIdleMoveProbabilityAtMostOncePerFreezeTime) {
  blue::State s;
  blue::OnOverflow(kTable3, s, Time::Millis(5));  // 5 ms since 0: frozen
  EXPECT_EQ(s.p, 0.0);
  blue::OnOverflow(kTable3, s, Time::Millis(20));
  EXPECT_DOUBLE_EQ(s.p, 0.001);
  EXPECT_EQ(s.last_update, Time::Millis(20));
  blue::OnOverflow(kTable3, s, Time::Millis(25));
  blue::OnOverflow(kTable3, s, Time::Millis(30));  // exactly the freeze time: not yet
  EXPECT_DOUBLE_EQ(s.p, 0.001);
  blue::OnOverflow(kTable3, s, Time::Millis(30) + Time::Nanos(1));
  EXPECT_DOUBLE_EQ(s.p, 0.002);
  blue::OnLinkIdle(kTable3, s, Time::Millis(35));  // frozen
  EXPECT_DOUBLE_EQ(s.p, 0.002);
  blue::OnLinkIdle(kTable3, s, Time::Millis(45));
  EXPECT_DOUBLE_EQ(s.p, 0.0018);
}

TEST(BlueLaw, ProbabilityStaysInUnitInterval) {
  blue::State s;
  blue::OnLinkIdle(kTable3, s, Time::Seconds(1));
  EXPECT_EQ(s.p, 0.0);
  s.p = 0.9995;
  blue::OnOverflow(kTable3, s, Time::Seconds(2));
  EXPECT_EQ(s.p, 1.0);
  EXPECT_EQ(blue::Decide(s, 0.99999), Decision::kCongest);
}

TEST(BlueQueue, TakesOverflowAndIdleFromTheBase) {
  testing::QueueHarness h("blue", {}, 5);
  h.AtMillis(20);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(h.Arrive());
  EXPECT_FALSE(h.Arrive());  // the sixth overflows: p += d1
  EXPECT_EQ(h.disc().counters().drops_of(DropReason::kOverflow), 1);
  EXPECT_DOUBLE_EQ(h.disc().probability(), 0.001);
  h.AtMillis(40);
  while (h.Depart() >= 0) {
  }
  EXPECT_DOUBLE_EQ(h.disc().probability(), 0.0008);  // the link went idle: p -= d2
  h.ExpectBalanced();
}

TEST(BlueQueue, RefusesBadParametersAndKeepsTheOldOnes) {
  testing::QueueHarness h("blue");
  EXPECT_FALSE(h.disc().SetParam("d1", 2).ok());
  EXPECT_FALSE(h.disc().SetParam("freeze_ms", -1).ok());
  EXPECT_EQ(h.disc().GetParam("d1"), 0.001);
  EXPECT_EQ(h.disc().GetParam("freeze_ms"), 10);
}

// The default lab: BLUE settles p where overflows and idle periods balance,
// so the buffer rarely overflows and the queue stays well below drop-tail's.
TEST(BlueQueue, LearnsAProbabilityThatAvoidsOverflow) {
  const char* json = R"({"duration_s": 40, "warmup_s": 15,
    "sides": [{"aqm": "blue"}, {"aqm": "droptail"}]})";
  const Summary blue = testing::RunSummary(json, 0);
  const Summary droptail = testing::RunSummary(json, 1);
  EXPECT_LT(blue.drops_overflow, 0.05 * droptail.drops_overflow);
  EXPECT_GT(blue.drops_early, 0);
  EXPECT_LT(blue.mean_queue_pkts, 0.7 * droptail.mean_queue_pkts);
  EXPECT_GT(blue.utilisation, 0.98);
}

}  // namespace
}  // namespace aqmlab
