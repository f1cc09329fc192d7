#include <gtest/gtest.h>

#include <cmath>

#include "aqm/autored/autored_law.h"
#include "aqm/autored/autored_queue.h"
#include "lab_aqm_harness.h"

namespace aqmlab {
namespace {

using labtest::DisciplineHarness;

TEST(AutoRedLaw, WorkedNumbersForTheWeight) {
  // B = 240, pt = 0.5 (aqm-algorithms.md, AutoRED).
  EXPECT_NEAR(autored::DeviationFactor(0), 6.659, 0.0005);
  EXPECT_NEAR(autored::Weight(0.5, 0, 240), 0.006937, 0.0000005);
  EXPECT_NEAR(autored::DeviationFactor(240), 89.35, 0.005);
  EXPECT_NEAR(autored::Weight(0.5, 240, 240), 0.09307, 0.000005);
  EXPECT_EQ(autored::DeviationFactor(-240), autored::DeviationFactor(240));  // |d|
}

TEST(AutoRedLaw, TheConstantAIsWhereConsecutiveStepsDifferByAHalf) {
  auto f = [](double x) { return 2 * x / std::log(x); };
  EXPECT_NEAR(std::fabs(f(autored::kA + 2) - f(autored::kA + 1)), 0.5, 1e-3);
}

TEST(AutoRedLaw, ImbalanceFromTheCongestionHistory) {
  EXPECT_EQ(autored::Imbalance(0), 0);
  EXPECT_EQ(autored::Imbalance(1), 0);
  EXPECT_EQ(autored::Imbalance(0.5), 0.25);
  for (double pt = 0; pt <= 1; pt += 0.05) {
    EXPECT_GE(autored::Imbalance(pt), 0);
    EXPECT_LE(autored::Imbalance(pt), 0.25);
  }
  autored::History h{3, 1};
  EXPECT_EQ(autored::CongestionShare(h), 0.75);
  EXPECT_EQ(autored::CongestionShare(autored::History{}), 0.0);
  // The weight stays a weight, even for a tiny buffer.
  EXPECT_EQ(autored::Weight(0.5, 1, 1), 1.0);
}

TEST(AutoRedLaw, BaseWeightUntilTheHistoryHasBothSigns) {
  autored::History h;
  EXPECT_EQ(autored::UpdateWeight(h, 5, 240, 0.0004), 0.0004);  // n = 1, n' = 0
  EXPECT_EQ(autored::UpdateWeight(h, 0, 240, 0.0004), 0.0004);  // d = 0 counts as n
  EXPECT_EQ(h.at_or_above, 2);
  // The first negative deviation: pt = 2/3, I = 2/9.
  EXPECT_DOUBLE_EQ(autored::UpdateWeight(h, -3, 240, 0.0004),
                   (2.0 / 9.0) * autored::DeviationFactor(3) / 240);
  EXPECT_EQ(h.below, 1);
}

TEST(AutoRedLaw, AverageStepsByWTimesTheDeviation) {
  autored::Params p;
  p.wq = 0.0004;
  autored::State s = autored::InitialState(p);
  EXPECT_EQ(s.w, 0.0004);  // before any update the signal shows the base's wq
  s.history = {5, 5};
  s.red.avg = 100;
  autored::UpdateAverage(p, s, 120, false, Time(), Time::Millis(1), 240);
  const double w = autored::Weight(6.0 / 11.0, 20, 240);
  EXPECT_DOUBLE_EQ(s.w, w);
  EXPECT_NEAR(s.red.avg, 100 + w * 20, 1e-12);
  // Idle: red_law's decay with the weight of this update, d = 0 - avg.
  const double before = s.red.avg;
  autored::UpdateAverage(p, s, 0, true, Time::Millis(10), Time::Millis(1), 240);
  EXPECT_DOUBLE_EQ(s.w, autored::Weight(6.0 / 12.0, before, 240));
  EXPECT_NEAR(s.red.avg, before * std::pow(1 - s.w, 10), 1e-9);
}

TEST(AutoRedLaw, CurveTakesMaxPFromTheBase) {
  autored::Params p;
  p.max_p = 0.02;
  autored::State s = autored::InitialState(p);
  s.max_p = 0.3;
  EXPECT_EQ(autored::Curve(p, s).max_p, 0.02);  // over RED: fixed
  p.base = 1;
  EXPECT_EQ(autored::Curve(p, s).max_p, 0.3);  // over ARED: adapted
}

TEST(AutoRedQueue, OverAredAdaptsMaxPOverRedDoesNot) {
  for (double base : {0.0, 1.0}) {
    SCOPED_TRACE(base);
    // wq = 1 and a growing queue: every deviation is >= 0, so the base's
    // weight stays in force and the average is the queue.
    DisciplineHarness h("autored",
                   {{"base", base}, {"wq", 1}, {"min_th", 40}, {"max_th", 120}, {"max_p", 0.02}},
                   labtest::TestLink(240));
    h.Arrive();
    h.Depart();
    for (int i = 0; i < 200; ++i) h.Arrive();
    EXPECT_EQ(h.Signals()[1], 1.0);
    EXPECT_GT(h.as<AutoRedQueue>().state().red.avg, 88);  // above ARED's band [72, 88]
    h.AdvanceTo(Time::Millis(500));
    EXPECT_DOUBLE_EQ(h.Signals()[2], base == 1 ? 0.025 : 0.02);
    // Switching the base restarts the adaptation from the table's max_p.
    ASSERT_TRUE(h.disc().SetParam("base", 1 - base).ok());
    EXPECT_DOUBLE_EQ(h.Signals()[2], 0.02);
    labtest::ExpectCountersAddUp(h.disc());
  }
}

TEST(AutoRedQueue, RefusesBadChangesAndLeavesStateUntouched) {
  DisciplineHarness h("autored", {}, labtest::TestLink(240));
  h.Arrive();
  h.Depart();
  for (int i = 0; i < 100; ++i) h.Arrive();
  labtest::ExpectRefusedUntouched(h, "base", 2, "base: must be in [0, 1]");
  labtest::ExpectRefusedUntouched(h, "base", 0.5, "base: must be a whole number");
  labtest::ExpectRefusedUntouched(h, "min_th", 200, "min_th: must be below max_th (180)");
  ASSERT_TRUE(h.disc().SetParam("base", 1).ok());
  EXPECT_EQ(h.disc().GetParam("base"), 1);
}

TEST(AutoRedQueue, ClosedLoopInvariants) {
  labtest::ExpectClosedLoopInvariants("autored", "{}");
  labtest::ExpectClosedLoopInvariants("autored", R"({"base": 1})");
}

// The AutoRED paper's sudden-load scenario (scenarios.md): 10 Mb/s, 20 ms,
// 1500 B, buffer 240, ECN on; 10 flows with access delays in [0, 270] ms
// (RTT 40..580 ms), 180 in all from 20 s. RED: wq 0.0004, thresholds 40/120,
// max_p 0.02, gentle; AutoRED over RED and over ARED with the same settings.
const char* kSuddenLoad = R"({
  "seed": 1, "duration_s": 40, "warmup_s": 20,
  "bottleneck": {"capacity_mbps": 10, "delay_ms": 20, "buffer_pkts": 240,
                 "packet_bytes": 1500, "ecn": true},
  "groups": [{"count": 10, "rtt_ms": {"min": 40, "max": 580}, "start": "staggered",
              "start_window_s": 1, "ecn": true}],
  "sides": [
    {"aqm": "red", "params": {"wq": 0.0004, "min_th": 40, "max_th": 120, "max_p": 0.02, "gentle": 1}},
    {"aqm": "autored", "params": {"base": 0, "wq": 0.0004, "min_th": 40, "max_th": 120, "max_p": 0.02, "gentle": 1}},
    {"aqm": "ared", "params": {"wq": 0.0004, "min_th": 40, "max_th": 120, "max_p": 0.02, "gentle": 1}},
    {"aqm": "autored", "params": {"base": 1, "wq": 0.0004, "min_th": 40, "max_th": 120, "max_p": 0.02, "gentle": 1}}],
  "events": [{"at_s": 20, "kind": "set_flows", "group": 0, "count": 180}]})";

// What this simulator reproduces of the paper's claims (seeds 1..6 all agree):
//  - with 10 flows the queue oscillates less under AutoRED than under RED
//    (queue s.d. over 5..20 s: 15..21 against 23..29 packets);
//  - after the jump to 180 flows it still oscillates less than RED (s.d. over
//    20..40 s 0.88..0.92 of RED's): both swing through the gentle region, RED
//    with the lag of its slow average;
//  - over the load jump AutoRED loses less than half as much as its base
//    (loss 1.3..1.8% against 2.7..4.4%), the paper's ordering for both pairs.
// Not reproduced: AutoRED over ARED after the jump. ARED's max_p adaptation
// settles its queue within 5 s of the jump, and AutoRED's fast average then
// swings more (s.d. 1.2..1.3x ARED's over 20..40 s), so that is not asserted.
// These numbers need TCP's full ECN backoff (RFC 3168 sec. 6.1.2): with a
// window floor of two segments, 180 flows overfill the pipe and every variant
// sits at the same queue whatever the AQM does.
TEST(AutoRedQueue, SuddenLoadOscillatesLessAndLosesLessThanItsBase) {
  const Scenario scenario = labtest::ParseOrDie(kSuddenLoad);
  auto red = labtest::RunToEnd(scenario, 0);
  auto auto_red = labtest::RunToEnd(scenario, 1);
  auto ared = labtest::RunToEnd(scenario, 2);
  auto auto_ared = labtest::RunToEnd(scenario, 3);
  ASSERT_TRUE(red && auto_red && ared && auto_ared);

  const double red_sd = labtest::StatsOver(*red, "queue_pkts", 5, 20).sd;
  const double auto_sd = labtest::StatsOver(*auto_red, "queue_pkts", 5, 20).sd;
  EXPECT_LT(auto_sd, 0.85 * red_sd);
  EXPECT_LT(labtest::StatsOver(*auto_ared, "queue_pkts", 5, 20).sd,
            0.85 * labtest::StatsOver(*ared, "queue_pkts", 5, 20).sd);

  EXPECT_LT(auto_red->summary().loss_ratio, 0.8 * red->summary().loss_ratio);
  EXPECT_LT(auto_ared->summary().loss_ratio, 0.8 * ared->summary().loss_ratio);

  // After the jump (the summary covers 20..40 s) AutoRED still oscillates
  // less than RED and keeps the link full.
  EXPECT_LT(auto_red->summary().queue_sd_pkts, 0.95 * red->summary().queue_sd_pkts);
  EXPECT_GT(auto_red->summary().utilisation, 0.98);
  // Its weight is adaptive: far above RED's 0.0004 once both signs were seen.
  EXPECT_GT(labtest::StatsOver(*auto_red, "aqm.w", 20, 40).mean, 0.004);
}

}  // namespace
}  // namespace aqmlab
