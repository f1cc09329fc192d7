#include <gtest/gtest.h>

#include <algorithm>

#include "aqm/aaqm/aaqm_law.h"
#include "aqm/aaqm/aaqm_queue.h"
#include "lab_aqm_harness.h"

namespace aqmlab {
namespace {

using labtest::DisciplineHarness;

TEST(AaqmLaw, RatioOfArrivalsToDepartures) {
  EXPECT_EQ(aaqm::Ratio(0, 0), 0.0);
  EXPECT_EQ(aaqm::Ratio(5, 0), 1.0);
  EXPECT_EQ(aaqm::Ratio(30, 25), 1.2);
  EXPECT_EQ(aaqm::Ratio(20, 25), 0.8);
}

TEST(AaqmLaw, StepsAreProportionalToTheMismatch) {
  const aaqm::Params p;  // P1 = 0.7, P2 = 1.0
  EXPECT_DOUBLE_EQ(aaqm::Step(p, 0.5, 1.2), 0.5 + 1.0 * 0.2);
  EXPECT_DOUBLE_EQ(aaqm::Step(p, 0.5, 0.8), 0.5 - 0.7 * 0.2);
  EXPECT_DOUBLE_EQ(aaqm::Step(p, 0.5, 1.0), 0.5);
  EXPECT_EQ(aaqm::Step(p, 0.9, 3.0), 1.0);  // clamped
  EXPECT_EQ(aaqm::Step(p, 0.1, 0.0), 0.0);
  for (double u = 0; u <= 5; u += 0.25) {
    for (double prob = 0; prob <= 1; prob += 0.125) {
      const double next = aaqm::Step(p, prob, u);
      EXPECT_GE(next, 0.0);
      EXPECT_LE(next, 1.0);
    }
  }
}

TEST(AaqmLaw, TableOnePresets) {
  ASSERT_EQ(aaqm::kTablePresets.size(), 7u);
  EXPECT_EQ(aaqm::kTablePresets[0].p1, 0.1);
  EXPECT_EQ(aaqm::kTablePresets[0].p2, 0.3);
  EXPECT_EQ(aaqm::kTablePresets[2].p1, 0.45);
  EXPECT_EQ(aaqm::kTablePresets[2].p2, 0.6);
  // Pa7, the paper's best, is the default.
  const aaqm::Params p;
  EXPECT_EQ(aaqm::kTablePresets[6].name, "Pa7");
  EXPECT_EQ(aaqm::kTablePresets[6].p1, p.p1);
  EXPECT_EQ(aaqm::kTablePresets[6].p2, p.p2);
  EXPECT_EQ(p.interval, 0.010);
}

TEST(AaqmQueue, TimerEveryTUpdatesPFromTheIntervalsCounts) {
  DisciplineHarness h("aaqm");
  // 30 offered and 25 sent in the first 10 ms: U = 1.2, P = 0 + 1.0 * 0.2.
  for (int i = 0; i < 30; ++i) h.Arrive();
  for (int i = 0; i < 25; ++i) h.Depart();
  h.AdvanceTo(Time::Millis(10));
  EXPECT_DOUBLE_EQ(h.Signals()[0], 1.2);
  EXPECT_DOUBLE_EQ(h.disc().probability(), 0.2);
  // Counts restart: 5 offered (P may drop some) and the queue emptied, at
  // least 5 sent: U = 5 / sent <= 1 and P = 0.2 - 0.7 (1 - U).
  for (int i = 0; i < 5; ++i) h.Arrive();
  int sent = 0;
  while (h.Depart()) ++sent;
  h.AdvanceTo(Time::Millis(20));
  const double u = 5.0 / sent;
  EXPECT_DOUBLE_EQ(h.Signals()[0], u);
  EXPECT_DOUBLE_EQ(h.disc().probability(), std::max(0.0, 0.2 - 0.7 * (1 - u)));
  // A silent interval: U = 0.
  h.AdvanceTo(Time::Millis(30));
  EXPECT_EQ(h.Signals()[0], 0.0);
  labtest::ExpectCountersAddUp(h.disc());
}

TEST(AaqmQueue, DropsOfferedPacketsWithProbabilityP) {
  DisciplineHarness h("aaqm", {}, labtest::TestLink(100000));
  // Five intervals with twice as many arrivals as departures drive P to 1.
  for (int k = 1; k <= 5; ++k) {
    for (int i = 0; i < 20; ++i) h.Arrive();
    for (int i = 0; i < 10; ++i) h.Depart();
    h.AdvanceTo(Time::Millis(10 * k));
  }
  EXPECT_EQ(h.disc().probability(), 1.0);
  const int64_t early_before = h.disc().counters().drops_of(DropReason::kEarly);
  for (int i = 0; i < 50; ++i) EXPECT_FALSE(h.Arrive());
  EXPECT_EQ(h.disc().counters().drops_of(DropReason::kEarly), early_before + 50);
  // With ECN the same verdicts become marks on ECN-capable packets.
  DisciplineHarness marked("aaqm", {}, labtest::TestLink(100000, true));
  for (int k = 1; k <= 5; ++k) {
    for (int i = 0; i < 20; ++i) marked.Arrive(500, true);
    for (int i = 0; i < 10; ++i) marked.Depart();
    marked.AdvanceTo(Time::Millis(10 * k));
  }
  for (int i = 0; i < 50; ++i) EXPECT_TRUE(marked.Arrive(500, true));
  EXPECT_GE(marked.disc().counters().marks, 50);
  labtest::ExpectCountersAddUp(h.disc());
  labtest::ExpectCountersAddUp(marked.disc());
}

// The spec's law counts dropped arrivals in A: at P = 1 with the queue empty
// every arrival is dropped, B = 0 gives U = 1 and P never moves again.
// Counting admitted arrivals only, the same interval has A = 0 and U = 0.
TEST(AaqmLaw, OfferedCountingMakesPOneAbsorbingAndAdmittedCountingDoesNot) {
  aaqm::Params literal;
  aaqm::Params admitted;
  admitted.count_admitted = 1;
  for (const aaqm::Params* params : {&literal, &admitted}) {
    aaqm::State s;
    s.p = 1.0;
    for (int i = 0; i < 20; ++i) {
      EXPECT_EQ(aaqm::OnArrival(*params, s, false, 0.5, false), Decision::kCongest);
    }
    aaqm::CloseInterval(*params, s);
    if (params == &literal) {
      EXPECT_EQ(s.u, 1.0);
      EXPECT_EQ(s.p, 1.0);
    } else {
      EXPECT_EQ(s.u, 0.0);
      EXPECT_DOUBLE_EQ(s.p, 1.0 - 0.7);
    }
  }
  // Marked packets are admitted, so they count in both readings.
  aaqm::State s;
  s.p = 1.0;
  aaqm::OnArrival(admitted, s, false, 0.5, true);
  EXPECT_EQ(s.arrivals, 1);
}

// Without ECN (the default traffic), the spec's counting ratchets P up to the
// absorbing 1 and the link nearly starves; counting admitted arrivals keeps P
// off 1 and carries several times the traffic.
TEST(AaqmQueue, AdmittedCountingKeepsTheLinkWorkingWithoutEcn) {
  auto literal = labtest::RunToEnd(
      labtest::ParseOrDie(labtest::LongLivedScenario("aaqm", "{}", 100, 40, 20)));
  auto admitted = labtest::RunToEnd(labtest::ParseOrDie(
      labtest::LongLivedScenario("aaqm", R"({"count_admitted": 1})", 100, 40, 20)));
  ASSERT_TRUE(literal && admitted);
  EXPECT_LT(literal->summary().utilisation, 0.15);
  EXPECT_GT(admitted->summary().utilisation, 3 * literal->summary().utilisation);
  EXPECT_LT(labtest::StatsOver(*admitted, "p", 20, 40).mean, 0.9);
}

TEST(AaqmQueue, RefusesBadChangesAndLeavesStateUntouched) {
  DisciplineHarness h("aaqm");
  for (int i = 0; i < 30; ++i) h.Arrive();
  h.AdvanceTo(Time::Millis(10));
  labtest::ExpectRefusedUntouched(h, "T", 0, "T: must be in [0.001, 10]");
  labtest::ExpectRefusedUntouched(h, "P1", -0.1, "P1: must be in [0, 5]");
  labtest::ExpectRefusedUntouched(h, "P2", 6, "P2");
  ASSERT_TRUE(h.disc().SetParam("T", 0.02).ok());
  EXPECT_EQ(h.disc().GetParam("T"), 0.02);
}

TEST(AaqmQueue, ClosedLoopInvariants) { labtest::ExpectClosedLoopInvariants("aaqm", "{}"); }

// 100 long-lived ECN flows, 35 s measured after 25 s. With ECN the law's
// verdicts are marks, so A / B measures only the queue's own growth (without
// ECN the law's drops inflate A, see README). The purpose: arrivals held at
// the departure rate, U = 1 on average (measured 1.0007) and no standing
// queue. Tolerance: 0.05 on the mean U of 10 ms intervals.
TEST(AaqmQueue, KeepsUNearOneWith100Flows) {
  auto sim = labtest::RunToEnd(
      labtest::ParseOrDie(labtest::LongLivedScenario("aaqm", "{}", 100, 60, 25, true)));
  ASSERT_TRUE(sim);
  const labtest::ColumnStats u = labtest::StatsOver(*sim, "aqm.U", 25, 60);
  EXPECT_EQ(u.n, 3500u);
  EXPECT_NEAR(u.mean, 1.0, 0.05);
  const Summary s = sim->summary();
  EXPECT_LT(s.mean_queue_pkts, 10);
  EXPECT_EQ(s.drops_overflow, 0);
}

}  // namespace
}  // namespace aqmlab
