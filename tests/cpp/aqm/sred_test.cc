#include <gtest/gtest.h>

#include "aqm/sred/sred_law.h"
#include "aqm/sred/sred_queue.h"
#include "lab_aqm_harness.h"

namespace aqmlab {
namespace {

using labtest::DisciplineHarness;
using sred::Region;

TEST(SredLaw, RegionsOfTheAverage) {
  EXPECT_EQ(sred::RegionOf(4.9, 5, 15), Region::kBelow);
  EXPECT_EQ(sred::RegionOf(5, 5, 15), Region::kBetween);
  EXPECT_EQ(sred::RegionOf(15, 5, 15), Region::kBetween);
  EXPECT_EQ(sred::RegionOf(15.1, 5, 15), Region::kAbove);
}

TEST(SredLaw, CrossingsScaleMaxPWithinItsBounds) {
  const sred::Params p;  // alpha 3, beta 2
  EXPECT_DOUBLE_EQ(sred::AdjustMaxP(p, 0.1, Region::kBetween, Region::kBelow), 0.1 / 3);
  EXPECT_DOUBLE_EQ(sred::AdjustMaxP(p, 0.1, Region::kAbove, Region::kBelow), 0.1 / 3);
  EXPECT_DOUBLE_EQ(sred::AdjustMaxP(p, 0.1, Region::kBetween, Region::kAbove), 0.2);
  EXPECT_DOUBLE_EQ(sred::AdjustMaxP(p, 0.1, Region::kBelow, Region::kAbove), 0.2);
  // Staying in a region, or moving into the middle, changes nothing.
  EXPECT_EQ(sred::AdjustMaxP(p, 0.1, Region::kAbove, Region::kAbove), 0.1);
  EXPECT_EQ(sred::AdjustMaxP(p, 0.1, Region::kBelow, Region::kBelow), 0.1);
  EXPECT_EQ(sred::AdjustMaxP(p, 0.1, Region::kAbove, Region::kBetween), 0.1);
  // Bounded to [0.01, 1].
  EXPECT_EQ(sred::AdjustMaxP(p, 0.012, Region::kBetween, Region::kBelow), 0.01);
  EXPECT_EQ(sred::AdjustMaxP(p, 0.8, Region::kBetween, Region::kAbove), 1.0);
}

TEST(SredLaw, TheStartBelowMinThIsNotACrossing) {
  const sred::Params p;
  sred::State s;
  s.max_p = 0.1;
  s.red.avg = 1;
  sred::OnAverageUpdated(p, s);
  EXPECT_EQ(s.max_p, 0.1);
  s.red.avg = 10;
  sred::OnAverageUpdated(p, s);
  EXPECT_EQ(s.region, Region::kBetween);
  s.red.avg = 20;
  sred::OnAverageUpdated(p, s);
  EXPECT_DOUBLE_EQ(s.max_p, 0.2);
  s.red.avg = 25;  // still above: once per crossing
  sred::OnAverageUpdated(p, s);
  EXPECT_DOUBLE_EQ(s.max_p, 0.2);
  s.red.avg = 2;
  sred::OnAverageUpdated(p, s);
  EXPECT_DOUBLE_EQ(s.max_p, 0.2 / 3);
}

TEST(SredQueue, MaxPFollowsTheAverageThroughRedsPieces) {
  DisciplineHarness h("sred", {{"wq", 1}, {"min_th", 20}, {"max_th", 60}, {"max_p", 0.1}});
  h.Arrive();
  h.Depart();  // the link is busy: with wq = 1 the average is the queue
  for (int i = 0; i < 100 && h.as<SredQueue>().state().red.avg <= 60; ++i) h.Arrive();
  EXPECT_GT(h.as<SredQueue>().state().red.avg, 60);
  EXPECT_DOUBLE_EQ(h.Signals()[1], 0.2);
  EXPECT_DOUBLE_EQ(h.Signals()[0], h.as<SredQueue>().state().red.avg);
  // The curve uses the adapted max_p: pb at the average is RED's with it.
  red::Params curve;
  curve.min_th = 20;
  curve.max_th = 60;
  curve.max_p = 0.2;
  EXPECT_DOUBLE_EQ(h.disc().probability(),
                   red::CurveProbability(curve, h.as<SredQueue>().state().red.avg));
  while (h.Depart()) {
  }
  h.AdvanceTo(Time::Millis(10));
  h.Arrive();  // after 10 ms idle the average has decayed to 0
  EXPECT_LT(h.as<SredQueue>().state().red.avg, 20);
  EXPECT_DOUBLE_EQ(h.Signals()[1], 0.2 / 3);
  // Another parameter, or max_p set to the value it already has, leaves the
  // adapted max_p alone.
  ASSERT_TRUE(h.disc().SetParam("alpha", 4).ok());
  ASSERT_TRUE(h.disc().SetParam("max_p", 0.1).ok());
  EXPECT_DOUBLE_EQ(h.Signals()[1], 0.2 / 3);
  // A max_p set from the table replaces the adapted one.
  ASSERT_TRUE(h.disc().SetParam("max_p", 0.5).ok());
  EXPECT_EQ(h.Signals()[1], 0.5);
  labtest::ExpectCountersAddUp(h.disc());
}

TEST(SredQueue, RefusesBadChangesAndLeavesStateUntouched) {
  DisciplineHarness h("sred");
  h.Arrive();
  h.Depart();
  for (int i = 0; i < 80; ++i) h.Arrive();
  labtest::ExpectRefusedUntouched(h, "max_th", 40, "min_th: must be below max_th (40)");
  labtest::ExpectRefusedUntouched(h, "alpha", 1, "alpha: must be in [1.01, 100]");
  labtest::ExpectRefusedUntouched(h, "max_p", 0.001, "max_p: must be in [0.01, 1]");
  EXPECT_EQ(h.disc().GetParam("min_th"), 50);
  EXPECT_EQ(h.disc().GetParam("beta"), 2);
}

TEST(SredQueue, ClosedLoopInvariants) { labtest::ExpectClosedLoopInvariants("sred", "{}"); }

// Its purpose: a max_p badly set for the load is corrected. Started at the
// floor 0.01 under 100 flows, the average crosses max_th and max_p is raised
// until the average comes back under it.
TEST(SredQueue, RaisesATooSmallMaxPUnderHeavyLoad) {
  auto sim = labtest::RunToEnd(labtest::ParseOrDie(
      labtest::LongLivedScenario("sred", R"({"max_p": 0.01})", 100, 40, 20)));
  ASSERT_TRUE(sim);
  EXPECT_GT(labtest::StatsOver(*sim, "aqm.max_p", 20, 40).mean, 0.03);  // doubled twice: 0.04
  EXPECT_LT(labtest::StatsOver(*sim, "aqm.avg", 20, 40).mean, 150);  // max_th = 3B/4
  EXPECT_GT(sim->summary().utilisation, 0.95);
}

}  // namespace
}  // namespace aqmlab
