#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "aqm/lred/lred_stability.h"
#include "aqm/lred/lred_law.h"
#include "aqm/lred/lred_queue.h"
#include "lab_aqm_harness.h"

namespace aqmlab {
namespace {

using labtest::DisciplineHarness;

// Closes one period holding `na` arrivals of which `nd` were signalled.
void Period(lred::LossMeter& m, const lred::MeterSettings& s, int na, int nd) {
  for (int i = 0; i < na; ++i) lred::CountArrival(m, 1);
  for (int i = 0; i < nd; ++i) lred::CountSignal(m, 1);
  lred::ClosePeriod(m, s);
}

TEST(LredLaw, LossRatioOverTheLastMPeriodsSmoothedByMw) {
  const lred::MeterSettings s{4, 0.1};
  lred::LossMeter m;
  // l_k is the ratio of the sums over the ring; l = mw l + (1 - mw) l_k.
  Period(m, s, 100, 0);
  EXPECT_DOUBLE_EQ(m.raw, 0.0);
  EXPECT_DOUBLE_EQ(m.l, 0.0);
  Period(m, s, 100, 10);  // 10 / 200
  EXPECT_DOUBLE_EQ(m.raw, 0.05);
  EXPECT_NEAR(m.l, 0.9 * 0.05, 1e-15);
  Period(m, s, 200, 10);  // 20 / 400
  EXPECT_DOUBLE_EQ(m.raw, 0.05);
  EXPECT_NEAR(m.l, 0.1 * 0.045 + 0.9 * 0.05, 1e-15);
  Period(m, s, 100, 30);  // 50 / 500
  EXPECT_DOUBLE_EQ(m.raw, 0.1);
  EXPECT_NEAR(m.l, 0.1 * 0.0495 + 0.9 * 0.1, 1e-15);
  // The fifth period pushes the first out of the window of M = 4.
  Period(m, s, 100, 0);  // (10 + 10 + 30 + 0) / (100 + 200 + 100 + 100)
  EXPECT_DOUBLE_EQ(m.raw, 0.1);
  EXPECT_NEAR(m.l, 0.1 * 0.09495 + 0.9 * 0.1, 1e-15);
  // Both counters restart at zero each period.
  EXPECT_EQ(m.arrivals, 0);
  EXPECT_EQ(m.signals, 0);
}

TEST(LredLaw, WindowOfOnePeriodAndPeriodsWithoutArrivals) {
  const lred::MeterSettings s{1, 0.0};
  lred::LossMeter m;
  Period(m, s, 40, 10);
  EXPECT_DOUBLE_EQ(m.l, 0.25);
  Period(m, s, 0, 0);  // no arrivals: l_k = 0
  EXPECT_DOUBLE_EQ(m.raw, 0.0);
  EXPECT_DOUBLE_EQ(m.l, 0.0);
  // A window longer than the history covers the periods that exist.
  EXPECT_DOUBLE_EQ(lred::WindowLossRatio(m, lred::kMaxPeriods), 10.0 / 40.0);
}

TEST(LredLaw, ProbabilityIsLossRatioPlusQueueTermClamped) {
  lred::Params p;
  p.q0 = 50;
  p.beta = 0.001;
  const double l = 0.04;
  const double gain = lred::Gain(p.beta, l);
  EXPECT_DOUBLE_EQ(gain, 0.001 * 0.2);
  EXPECT_NEAR(lred::Probability(l, gain, 150, p.q0), 0.04 + 0.0002 * 100, 1e-15);
  EXPECT_NEAR(lred::Probability(l, gain, 0, p.q0), 0.04 - 0.0002 * 50, 1e-15);
  EXPECT_DOUBLE_EQ(lred::Probability(0.001, 0.5, 0, p.q0), 0.0);
  EXPECT_DOUBLE_EQ(lred::Probability(0.9, 0.5, 100, p.q0), 1.0);
  for (double q = 0; q <= 1000; q += 7) {
    const double prob = lred::Probability(0.3, 0.01, q, p.q0);
    EXPECT_GE(prob, 0.0);
    EXPECT_LE(prob, 1.0);
  }
}

TEST(LredLaw, ArrivalsAndEverySignalAreCounted) {
  lred::Params p;
  lred::State s;
  s.meter.l = 0.04;
  s.gain = lred::Gain(p.beta, 0.04);
  EXPECT_EQ(lred::Decide(p, s, 50, 1, false, 0.0399), Decision::kCongest);  // p = l at q0
  EXPECT_EQ(lred::Decide(p, s, 50, 1, false, 0.0401), Decision::kPass);
  EXPECT_EQ(lred::Decide(p, s, 50, 1, true, 0.99), Decision::kForceDrop);  // full buffer
  EXPECT_EQ(lred::Decide(p, s, 50, 2, false, 0.99), Decision::kPass);      // byte mode weight
  EXPECT_DOUBLE_EQ(s.meter.arrivals, 5);
  EXPECT_DOUBLE_EQ(s.meter.signals, 2);
}

TEST(LredStability, ReproducesThePapersWorkedExample) {
  // C = 2500 pkt/s, N = 300, tau = 0.35 s (aqm-algorithms.md, LRED).
  const lred::LredStability r = lred::AnalyseLredStability({2500, 300, 0.35});
  EXPECT_NEAR(r.k11, 1.959, 0.0005);
  EXPECT_NEAR(r.p0, 0.1763, 0.00005);
  EXPECT_NEAR(r.crossover, 2.127, 0.0005);
  EXPECT_NEAR(r.beta_bound, 1.05e-3, 0.005e-3);
  EXPECT_NEAR(r.beta_cap, 9.31e-4, 0.005e-4);
  EXPECT_NEAR(r.beta_hat, 9.3e-4, 0.01e-4);  // the cap binds; the paper rounds to 0.001
  EXPECT_EQ(r.beta_hat, r.beta_cap);
  EXPECT_NEAR(r.kc, 2500.0 * 2500 / (1.5 * 300), 1e-9);
}

TEST(LredStability, CrossoverMeetsThePhaseAndMagnitudeConditions) {
  for (double n : {100.0, 300.0, 1000.0}) {
    const lred::LredStability r = lred::AnalyseLredStability({2500, n, 0.35});
    // Phase -pi/2 at the crossover (the delay plus the plant's pole).
    EXPECT_NEAR(lred::LredOpenLoopPhase(r.k11, 0.35, r.crossover), -std::numbers::pi / 2,
                1e-12);
    // At the bound, |T(jw)| = 1 exactly at that w: the closed form of the
    // magnitude condition (not the paper's printed sqrt(y)/2) gives it back.
    const double kc_hc = r.kc * r.beta_bound * std::sqrt(r.p0);
    EXPECT_NEAR(lred::LredCrossoverForGain(r.k11, kc_hc), r.crossover, 1e-9);
    EXPECT_LE(r.beta_hat, r.beta_bound);
    EXPECT_LE(r.beta_hat, r.beta_cap);
  }
}

TEST(LredQueue, DefaultsFollowTheSpecAndTheBuffer) {
  DisciplineHarness h("lred", {}, labtest::TestLink(200));
  EXPECT_EQ(h.disc().GetParam("q0"), 50);  // B / 4
  EXPECT_EQ(h.disc().GetParam("beta"), 0.001);
  EXPECT_EQ(h.disc().GetParam("mp"), 1.0);
  EXPECT_EQ(h.disc().GetParam("M"), 4);
  EXPECT_EQ(h.disc().GetParam("mw"), 0.1);
  EXPECT_EQ(h.disc().GetParam("byte_mode"), 0);
  const AqmDescriptor& d = h.disc().descriptor();
  ASSERT_EQ(d.signals.size(), 2u);
  EXPECT_EQ(d.signals[0].name, "l");
  for (const ParamSpec& s : d.params) EXPECT_FALSE(s.help.empty()) << s.name;
}

TEST(LredQueue, TimerMeasuresTheLossRatioEveryPeriod) {
  DisciplineHarness h("lred", {}, labtest::TestLink(10));
  // 20 arrivals to a buffer of 10 with no departures: 10 overflow drops.
  for (int i = 0; i < 20; ++i) h.Arrive();
  EXPECT_EQ(h.disc().counters().drops_of(DropReason::kOverflow), 10);
  h.AdvanceTo(Time::Millis(999));
  EXPECT_EQ(h.Signals()[0], 0.0);  // nothing measured before the first period ends
  h.AdvanceTo(Time::Seconds(1));
  EXPECT_NEAR(h.Signals()[0], 0.9 * 0.5, 1e-15);
  EXPECT_NEAR(h.Signals()[1], 0.001 * std::sqrt(0.45), 1e-15);
  // An empty second period: the window of 4 still holds the first one.
  h.AdvanceTo(Time::Seconds(2));
  EXPECT_NEAR(h.Signals()[0], 0.1 * 0.45 + 0.9 * 0.5, 1e-15);
  labtest::ExpectCountersAddUp(h.disc());
}

TEST(LredQueue, ByteModeCountsInTypicalPacketUnits) {
  DisciplineHarness h("lred", {{"byte_mode", 1}}, labtest::TestLink(2));
  h.Arrive(1000);
  h.Arrive(250);
  h.Arrive(1000);  // dropped: the buffer holds 2 packets
  const auto& m = h.as<LredQueue>().state().meter;
  EXPECT_DOUBLE_EQ(m.arrivals, 2 + 0.5 + 2);
  EXPECT_DOUBLE_EQ(m.signals, 2);
}

TEST(LredQueue, NewPeriodAppliesFromTheNextTick) {
  DisciplineHarness h("lred");
  ASSERT_TRUE(h.disc().SetParam("mp", 0.5).ok());
  const auto& m = h.as<LredQueue>().state().meter;
  h.AdvanceTo(Time::Millis(999));
  EXPECT_EQ(m.next, 0);
  h.AdvanceTo(Time::Seconds(1));  // the tick already scheduled
  EXPECT_EQ(m.next, 1);
  h.AdvanceTo(Time::Seconds(2));  // then every 0.5 s
  EXPECT_EQ(m.next, 3);
}

TEST(LredQueue, RefusesBadChangesAndLeavesStateUntouched) {
  DisciplineHarness h("lred", {}, labtest::TestLink(10));
  for (int i = 0; i < 20; ++i) h.Arrive();
  h.AdvanceTo(Time::Seconds(1));
  labtest::ExpectRefusedUntouched(h, "beta", 2, "beta: must be in [0, 1]");
  labtest::ExpectRefusedUntouched(h, "M", 2.5, "M: must be a whole number");
  labtest::ExpectRefusedUntouched(h, "M", 0, "M: must be in [1, 32]");
  labtest::ExpectRefusedUntouched(h, "mw", 1, "mw: must be in [0, 0.99]");
  labtest::ExpectRefusedUntouched(h, "q0", -5, "q0");
  labtest::ExpectRefusedUntouched(h, "no_such", 1, "no such parameter");
  EXPECT_FALSE(FindAqm("lred")->check(labtest::TestLink(), {{"mp", 0}}).ok());
}

TEST(LredQueue, ClosedLoopInvariants) { labtest::ExpectClosedLoopInvariants("lred", "{}"); }

// 100 long-lived flows (RTT 60..220 ms) on 10 Mb/s, buffer 200; 35 s measured
// after a 25 s warm-up (the loss-ratio loop needs about 20 s to settle from
// l = 0). Tolerance 20% of q0: the law holds the *arrival-weighted* queue at
// q0, and l moves on a time scale of seconds, so over 35 s the time-averaged
// queue wanders by about +-10% (seeds 1..5 gave 46.6..55.2 for q0 = 50 and
// 98..108 for q0 = 100).
TEST(LredQueue, HoldsTheMeanQueueNearQ0With100Flows) {
  for (double q0 : {50.0, 100.0}) {
    SCOPED_TRACE(q0);
    const std::string params = q0 == 50 ? "{}" : R"({"q0": 100})";  // 50 is the B/4 default
    const Summary s =
        labtest::RunSummary(labtest::LongLivedScenario("lred", params, 100, 60, 25));
    EXPECT_NEAR(s.mean_queue_pkts, q0, 0.2 * q0);
    EXPECT_GT(s.utilisation, 0.95);
    EXPECT_EQ(s.drops_overflow, 0);  // the early drops do all the work
  }
}

}  // namespace
}  // namespace aqmlab
