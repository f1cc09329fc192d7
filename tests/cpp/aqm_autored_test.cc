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

// The four sides run to the end, with every side's `wait` set as given.
struct SuddenLoadRuns {
  explicit SuddenLoadRuns(bool wait) {
    Scenario scenario = labtest::ParseOrDie(kSuddenLoad);
    for (SideSpec& side : scenario.sides) side.params.push_back({"wait", wait ? 1.0 : 0.0});
    red = labtest::RunToEnd(scenario, 0);
    auto_red = labtest::RunToEnd(scenario, 1);
    ared = labtest::RunToEnd(scenario, 2);
    auto_ared = labtest::RunToEnd(scenario, 3);
    EXPECT_TRUE(red && auto_red && ared && auto_ared);
  }
  bool ok() const { return red && auto_red && ared && auto_ared; }
  decltype(labtest::RunToEnd(Scenario{}, 0)) red, auto_red, ared, auto_ared;
};

// What this simulator reproduces of the paper's claims, with RED's `wait` on
// (ns-2's default, which the paper ran; seeds 1..6 all agree):
//  - over the load jump AutoRED loses less than its base: 1.9..2.5% against
//    RED's 3.0..3.7%, 1.4..1.9% against ARED's 3.0..3.5%;
//  - its weight is adaptive, far above RED's 0.0004.
// Not reproduced with wait on: the smaller oscillation. With 10 flows the
// queue s.d. over 5..20 s goes either way (AutoRED 16..30 packets, RED
// 21..37); after the jump wait lets RED's and ARED's queues settle high
// (mean 157..161 and 139..140 packets) with an s.d. of 27..42, while
// AutoRED's fast average swings more (s.d. 59..62 over RED, 48..53 over ARED).
// These numbers need TCP's full ECN backoff (RFC 3168 sec. 6.1.2): with a
// window floor of two segments, 180 flows overfill the pipe and every variant
// sits at the same queue whatever the AQM does.
TEST(AutoRedQueue, SuddenLoadLosesLessThanItsBase) {
  const SuddenLoadRuns runs(true);
  ASSERT_TRUE(runs.ok());
  const auto& [red, auto_red, ared, auto_ared] = runs;
  EXPECT_LT(auto_red->summary().loss_ratio, 0.85 * red->summary().loss_ratio);
  EXPECT_LT(auto_ared->summary().loss_ratio, 0.7 * ared->summary().loss_ratio);
  EXPECT_GT(auto_red->summary().utilisation, 0.98);
  EXPECT_GT(labtest::StatsOver(*auto_red, "aqm.w", 20, 40).mean, 0.004);
}

// With wait off (Floyd & Jacobson's spreading, the spec's formula) the lab
// also reproduces the smaller oscillation (seeds 1..6):
//  - with 10 flows the queue oscillates less under AutoRED than under RED
//    (queue s.d. over 5..20 s: 16..22 against 21..30 packets), and less than
//    under ARED in five seeds of six (16..22 against 22..49; seed 3 ties);
//  - after the jump to 180 flows it still oscillates less than RED (s.d. over
//    20..40 s 66..67 against 76..79): both swing through the gentle region,
//    RED with the lag of its slow average;
//  - over the load jump AutoRED loses about a third of what RED loses
//    (1.4..1.6% against 4.7..5.0%) and half of ARED's (1.4..1.7% against
//    3.0..3.5%).
// Not reproduced: AutoRED over ARED after the jump. ARED's max_p adaptation
// settles its queue within 5 s of the jump, and AutoRED's fast average then
// swings more, so that is not asserted.
TEST(AutoRedQueue, WithoutWaitSuddenLoadOscillatesLessAndLosesLessThanItsBase) {
  const SuddenLoadRuns runs(false);
  ASSERT_TRUE(runs.ok());
  const auto& [red, auto_red, ared, auto_ared] = runs;

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
}

}  // namespace
}  // namespace aqmlab
