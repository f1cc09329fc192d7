// PIE (RFC 8033): the probability update with its auto-scaling at several
// orders of magnitude, the burst allowance, the work-conserving rules, the
// idle decay, the timestamp delay estimate, and the purpose in a closed loop.
#include <gtest/gtest.h>

#include "aqm/pie/pie_law.h"
#include "aqm/pie/pie_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

const pie::Params kRfc{};  // 15 ms, 15 ms, 0.125, 1.25, 150 ms, 0.1, cap on

pie::State With(double p, double qdelay_ms, double old_ms) {
  pie::State s;
  s.p = p;
  s.qdelay = Time::Millis(qdelay_ms);
  s.qdelay_old = Time::Millis(old_ms);
  return s;
}

TEST(PieLaw, AutoScalingFollowsTheOrderOfMagnitudeOfP) {
  EXPECT_EQ(pie::ScaleFactor(0), 1.0 / 2048);
  EXPECT_EQ(pie::ScaleFactor(9.9e-7), 1.0 / 2048);
  EXPECT_EQ(pie::ScaleFactor(1e-6), 1.0 / 512);
  EXPECT_EQ(pie::ScaleFactor(5e-5), 1.0 / 128);
  EXPECT_EQ(pie::ScaleFactor(5e-4), 1.0 / 32);
  EXPECT_EQ(pie::ScaleFactor(5e-3), 1.0 / 8);
  EXPECT_EQ(pie::ScaleFactor(0.05), 1.0 / 2);
  EXPECT_EQ(pie::ScaleFactor(0.1), 1.0);
  EXPECT_EQ(pie::ScaleFactor(0.7), 1.0);
}

// p += scale(p) (alpha (qdelay - 15 ms) + beta (qdelay - qdelay_old)), in s.
TEST(PieLaw, UpdateIsTheScaledPiStep) {
  // p = 0: (0.125 * 0.015 + 1.25 * 0.015) / 2048 = 0.020625 / 2048.
  pie::State s = With(0, 30, 15);
  pie::Update(kRfc, s);
  EXPECT_NEAR(s.p, 1.00708e-5, 1e-10);
  EXPECT_EQ(s.qdelay_old, Time::Millis(30));

  // p = 5e-4: (0.125 * 0.010 + 1.25 * 0.010) / 32 = 4.296875e-4.
  s = With(5e-4, 25, 15);
  pie::Update(kRfc, s);
  EXPECT_NEAR(s.p, 9.296875e-4, 1e-12);

  // p = 0.005: (0.125 * 0.005 + 0) / 8 = 7.8125e-5.
  s = With(0.005, 20, 20);
  pie::Update(kRfc, s);
  EXPECT_NEAR(s.p, 0.005078125, 1e-12);

  // p = 0.05, falling delay: (0.125 * -0.005 + 1.25 * -0.010) / 2 = -0.0065625.
  s = With(0.05, 10, 20);
  pie::Update(kRfc, s);
  EXPECT_NEAR(s.p, 0.0434375, 1e-12);

  // p = 0.2: unscaled 0.125 * 0.025 + 1.25 * 0.020 = 0.028125, capped at 0.02.
  s = With(0.2, 40, 20);
  pie::Update(kRfc, s);
  EXPECT_NEAR(s.p, 0.22, 1e-12);
  pie::Params uncapped = kRfc;
  uncapped.cap_drop = 0;
  s = With(0.2, 40, 20);
  pie::Update(uncapped, s);
  EXPECT_NEAR(s.p, 0.228125, 1e-12);
}

TEST(PieLaw, ProbabilityStaysInUnitInterval) {
  pie::State s = With(0.001, 0, 100);  // a large fall
  pie::Update(kRfc, s);
  EXPECT_EQ(s.p, 0.0);
  pie::Params uncapped = kRfc;
  uncapped.cap_drop = 0;
  s = With(0.99, 2000, 0);  // a large rise
  pie::Update(uncapped, s);
  EXPECT_EQ(s.p, 1.0);
}

TEST(PieLaw, DecaysByTwoPercentWhileTheQueueIsIdle) {
  // Both delays zero: (0.1 + 0.125 * -0.015) * 0.98.
  pie::State s = With(0.1, 0, 0);
  pie::Update(kRfc, s);
  EXPECT_NEAR(s.p, (0.1 - 0.001875) * 0.98, 1e-12);
  // Only the current delay zero: no decay, just the step.
  s = With(0.1, 0, 5);
  pie::Update(kRfc, s);
  EXPECT_NEAR(s.p, 0.1 - 0.001875 - 1.25 * 0.005, 1e-12);
}

TEST(PieLaw, BurstAllowanceLetsEverythingInThenRunsOut) {
  pie::State s = pie::Initial(kRfc);
  EXPECT_EQ(s.burst_allowance, Time::Millis(150));
  s.p = 0.5;
  s.qdelay = s.qdelay_old = Time::Millis(100);
  for (int k = 1; k <= 10; ++k) {
    EXPECT_EQ(pie::OnArrival(kRfc, s, 100000, 500, false, 0.0), Decision::kPass) << k;
    pie::Update(kRfc, s);
    EXPECT_EQ(s.burst_allowance, Time::Millis(150 - 15 * k));
  }
  EXPECT_EQ(pie::OnArrival(kRfc, s, 100000, 500, false, 0.0), Decision::kCongest);
  EXPECT_EQ(pie::OnArrival(kRfc, s, 100000, 500, false, 0.99), Decision::kPass);
}

TEST(PieLaw, BurstAllowanceRefillsOnlyWhenQuiet) {
  pie::State s = With(0.0001, 8, 5);  // current delay not below target/2
  pie::Update(kRfc, s);
  EXPECT_EQ(s.burst_allowance, Time());
  s = With(0, 7, 7);  // p becomes 0 (falling) and both delays below 7.5 ms
  pie::Update(kRfc, s);
  EXPECT_EQ(s.p, 0.0);
  EXPECT_EQ(s.burst_allowance, Time::Millis(150));
}

TEST(PieLaw, NoDropWhileDelayBelowHalfTargetAndPBelowPointTwo) {
  pie::State s = With(0.15, 0, 7);  // qdelay_old < 7.5 ms, p < 0.2
  EXPECT_EQ(pie::OnArrival(kRfc, s, 100000, 500, false, 0.0), Decision::kPass);
  s.qdelay_old = Time::Millis(8);  // delay no longer small
  EXPECT_EQ(pie::OnArrival(kRfc, s, 100000, 500, false, 0.0), Decision::kCongest);
  s = With(0.25, 0, 7);  // p no longer small
  EXPECT_EQ(pie::OnArrival(kRfc, s, 100000, 500, false, 0.0), Decision::kCongest);
}

TEST(PieLaw, NoDropWithAtMostTwoPacketsQueued) {
  pie::State s = With(0.9, 50, 50);
  EXPECT_EQ(pie::OnArrival(kRfc, s, 1000, 500, false, 0.0), Decision::kPass);
  EXPECT_EQ(pie::OnArrival(kRfc, s, 1001, 500, false, 0.0), Decision::kCongest);
}

TEST(PieLaw, EcnMarksBelowTheThresholdAndDropsAbove) {
  pie::State s = With(0.05, 50, 50);
  EXPECT_EQ(pie::OnArrival(kRfc, s, 100000, 500, true, 0.0), Decision::kCongest);
  s.p = 0.1;
  EXPECT_EQ(pie::OnArrival(kRfc, s, 100000, 500, true, 0.0), Decision::kForceDrop);
  // Without ECN the same verdict is an ordinary early drop.
  EXPECT_EQ(pie::OnArrival(kRfc, s, 100000, 500, false, 0.0), Decision::kCongest);
}

TEST(PieQueue, DelayEstimateIsTheLastSojournAndZeroWhenIdle) {
  testing::QueueHarness h("pie");
  for (int i = 0; i < 10; ++i) h.Arrive();
  h.AtMillis(12);
  EXPECT_EQ(h.Depart(), 0);
  EXPECT_EQ(h.as<PieQueue>().state().qdelay, Time::Millis(12));
  while (h.Depart() >= 0) {
  }
  EXPECT_EQ(h.as<PieQueue>().state().qdelay, Time());
  h.ExpectBalanced();
}

TEST(PieQueue, UpdatesEveryTUpdateAndDecaysWhileIdle) {
  testing::QueueHarness h("pie");
  // A standing queue of 75 packets (30 ms) for 1.5 s, refilled as PIE
  // drops: p climbs through the scaled steps.
  for (int k = 1; k <= 3750; ++k) {
    while (h.disc().packets() < 75) h.Arrive();
    h.At(Time::Micros(400.0 * k));
    h.Depart();
  }
  const double high = h.disc().probability();
  EXPECT_GT(high, 0.01);
  EXPECT_EQ(h.as<PieQueue>().state().qdelay, Time::Millis(30));
  // Empty the queue and stay idle for a second: the alpha steps and the 2%
  // decay bring p back towards 0.
  while (h.Depart() >= 0) {
  }
  h.AtMillis(2500);
  EXPECT_LT(h.disc().probability(), 0.1 * high);
  EXPECT_GE(h.disc().probability(), 0.0);
}

TEST(PieQueue, RefusesBadParametersAndKeepsTheOldOnes) {
  testing::QueueHarness h("pie");
  EXPECT_FALSE(h.disc().SetParam("t_update_ms", 0).ok());
  EXPECT_FALSE(h.disc().SetParam("alpha", -1).ok());
  EXPECT_FALSE(h.disc().SetParam("cap_drop", 0.5).ok());
  EXPECT_EQ(h.disc().GetParam("t_update_ms"), 15);
  EXPECT_EQ(h.disc().GetParam("alpha"), 0.125);
  EXPECT_EQ(h.disc().GetParam("cap_drop"), 1);
}

// The default lab (50 flows, RTT 40..200 ms, 10 Mb/s, buffer 200).
TEST(PieQueue, HoldsTheQueueingDelayNearTarget) {
  const Summary s = testing::RunSummary(R"({"duration_s": 40, "warmup_s": 15,
    "sides": [{"aqm": "pie"}]})");
  // The PI loop removes the steady-state error; +-20% covers the TCP
  // sawtooth over a 25 s window (measured: 14.96 ms).
  EXPECT_NEAR(s.mean_delay_ms, 15.0, 3.0);
  EXPECT_GT(s.utilisation, 0.97);
  EXPECT_EQ(s.drops_overflow, 0);
}

}  // namespace
}  // namespace aqmlab
