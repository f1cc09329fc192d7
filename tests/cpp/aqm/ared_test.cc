#include <gtest/gtest.h>

#include <cmath>

#include "aqm/ared/ared_law.h"
#include "aqm/ared/ared_queue.h"
#include "lab_aqm_harness.h"

namespace aqmlab {
namespace {

using labtest::DisciplineHarness;

TEST(AredLaw, AutomaticSettingsFromTheCapacity) {
  const ared::Settings s = ared::AutoSettings(2500, 0.005);
  EXPECT_DOUBLE_EQ(s.wq, 1 - std::exp(-1.0 / 2500));
  EXPECT_NEAR(s.wq, 4.0e-4, 1e-7);
  EXPECT_DOUBLE_EQ(s.min_th, 6.25);  // 0.005 * 2500 / 2
  EXPECT_DOUBLE_EQ(s.max_th, 18.75);
  EXPECT_DOUBLE_EQ(ared::AutoSettings(1000, 0.005).min_th, 5);  // at least 5
  EXPECT_DOUBLE_EQ(ared::AutoSettings(1000, 0.005).max_th, 15);
}

TEST(AredLaw, MaxPMovesTowardTheTargetBand) {
  const ared::Band band = ared::TargetBand(40, 120);
  EXPECT_DOUBLE_EQ(band.low, 72);
  EXPECT_DOUBLE_EQ(band.high, 88);
  // Above the band: + min(0.01, max_p / 4) while max_p <= 0.5.
  EXPECT_DOUBLE_EQ(ared::AdaptMaxP(0.02, 100, band), 0.025);
  EXPECT_DOUBLE_EQ(ared::AdaptMaxP(0.1, 100, band), 0.11);
  EXPECT_DOUBLE_EQ(ared::AdaptMaxP(0.5, 100, band), 0.51);
  EXPECT_DOUBLE_EQ(ared::AdaptMaxP(0.51, 100, band), 0.51);
  // Below it: * 0.9 while max_p >= 0.01.
  EXPECT_DOUBLE_EQ(ared::AdaptMaxP(0.1, 50, band), 0.09);
  EXPECT_DOUBLE_EQ(ared::AdaptMaxP(0.009, 50, band), 0.009);
  // Inside: unchanged.
  EXPECT_DOUBLE_EQ(ared::AdaptMaxP(0.1, 80, band), 0.1);
}

TEST(AredLaw, CurveIsRedsWithTheAdaptedMaxP) {
  ared::Params p;
  p.wq = 0.002;
  p.min_th = 40;
  p.max_th = 120;
  p.max_p = 0.1;
  red::Params curve = ared::Curve(p, 2500, 0.3);
  EXPECT_EQ(curve.min_th, 40);
  EXPECT_EQ(curve.max_th, 120);
  EXPECT_EQ(curve.wq, 0.002);
  EXPECT_EQ(curve.max_p, 0.3);
  EXPECT_DOUBLE_EQ(red::CurveProbability(curve, 80), 0.15);
  p.auto_settings = 1;
  curve = ared::Curve(p, 2500, 0.3);
  EXPECT_EQ(curve.min_th, 6.25);
  EXPECT_EQ(curve.max_th, 18.75);
  EXPECT_DOUBLE_EQ(curve.wq, 1 - std::exp(-1.0 / 2500));
  EXPECT_DOUBLE_EQ(ared::Adapt(0.3, curve, 15.0), 0.31);  // band [11.25, 13.75]
}

// Makes the link busy so the average follows the queue (wq = 1).
void StartSending(DisciplineHarness& h) {
  h.Arrive();
  h.Depart();
}

TEST(AredQueue, AdaptsMaxPEveryInterval) {
  DisciplineHarness h("ared", {{"wq", 1}, {"min_th", 50}, {"max_th", 150}, {"max_p", 0.1}});
  StartSending(h);
  for (int i = 0; i < 140; ++i) h.Arrive();
  EXPECT_GT(h.as<AredQueue>().state().red.avg, 110);  // above the band [90, 110]
  h.AdvanceTo(Time::Millis(499));
  EXPECT_EQ(h.Signals()[1], 0.1);
  h.AdvanceTo(Time::Millis(500));
  EXPECT_DOUBLE_EQ(h.Signals()[1], 0.11);
  EXPECT_DOUBLE_EQ(h.as<AredQueue>().curve().max_p, 0.11);
  h.AdvanceTo(Time::Seconds(1));
  EXPECT_DOUBLE_EQ(h.Signals()[1], 0.12);
  // Drained, then an arrival after an idle spell: the average decays below the band.
  while (h.Depart()) {
  }
  h.AdvanceTo(Time::Millis(1010));
  h.Arrive();
  EXPECT_LT(h.as<AredQueue>().state().red.avg, 90);
  h.AdvanceTo(Time::Millis(1500));
  EXPECT_DOUBLE_EQ(h.Signals()[1], 0.12 * 0.9);
  // Another parameter, or max_p set to the value it already has, leaves the
  // adapted max_p alone.
  ASSERT_TRUE(h.disc().SetParam("interval", 0.25).ok());
  ASSERT_TRUE(h.disc().SetParam("max_p", 0.1).ok());
  EXPECT_DOUBLE_EQ(h.Signals()[1], 0.12 * 0.9);
  // A new max_p restarts the adaptation from it.
  ASSERT_TRUE(h.disc().SetParam("max_p", 0.05).ok());
  EXPECT_EQ(h.Signals()[1], 0.05);
  labtest::ExpectCountersAddUp(h.disc());
}

TEST(AredQueue, AutomaticSettingsFollowTheCapacity) {
  DisciplineHarness h("ared", {{"auto", 1}});
  const red::Params& curve = h.as<AredQueue>().curve();
  EXPECT_DOUBLE_EQ(curve.min_th, 6.25);
  EXPECT_DOUBLE_EQ(curve.max_th, 18.75);
  h.disc().SetCapacity(20e6);  // 5000 pkt/s
  EXPECT_DOUBLE_EQ(curve.min_th, 12.5);
  EXPECT_DOUBLE_EQ(curve.wq, 1 - std::exp(-1.0 / 5000));
  ASSERT_TRUE(h.disc().SetParam("auto", 0).ok());
  EXPECT_EQ(curve.min_th, 50);  // the B/4 default again
}

TEST(AredQueue, RefusesBadChangesAndLeavesStateUntouched) {
  DisciplineHarness h("ared");
  StartSending(h);
  for (int i = 0; i < 100; ++i) h.Arrive();
  labtest::ExpectRefusedUntouched(h, "min_th", 160, "min_th: must be below max_th (150)");
  labtest::ExpectRefusedUntouched(h, "auto", 2, "auto: must be in [0, 1]");
  labtest::ExpectRefusedUntouched(h, "auto", 0.5, "auto: must be 0 (off) or 1 (on)");
  labtest::ExpectRefusedUntouched(h, "interval", 0, "interval: must be in [0.01, 100]");
  // The thresholds are unused while auto is on, so they may cross; turning
  // auto off again is then refused.
  ASSERT_TRUE(h.disc().SetParam("auto", 1).ok());
  ASSERT_TRUE(h.disc().SetParam("min_th", 160).ok());
  labtest::ExpectRefusedUntouched(h, "auto", 0, "min_th: must be below max_th");
}

TEST(AredQueue, ClosedLoopInvariants) { labtest::ExpectClosedLoopInvariants("ared", "{}"); }

// ARED's purpose: the average settles inside its target band, here
// [90, 110] for thresholds 50 and 150 (B/4, 3B/4), whatever max_p it starts
// from. 100 flows, 35 s measured after 25 s; tolerance 10 packets around the
// band for the average's own noise.
TEST(AredQueue, SteersTheAverageIntoItsTargetBand) {
  for (const char* params : {"{}", R"({"max_p": 0.01})"}) {
    SCOPED_TRACE(params);
    auto sim = labtest::RunToEnd(
        labtest::ParseOrDie(labtest::LongLivedScenario("ared", params, 100, 60, 25)));
    ASSERT_TRUE(sim);
    const double avg = labtest::StatsOver(*sim, "aqm.avg", 25, 60).mean;
    EXPECT_GT(avg, 80);
    EXPECT_LT(avg, 120);
  }
}

}  // namespace
}  // namespace aqmlab
