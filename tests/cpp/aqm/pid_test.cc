// PID: the incremental law step by step against hand-computed numbers, and
// the lab's gains holding the default scenario's queue at qref.
#include <gtest/gtest.h>

#include "aqm/pid/pid_law.h"
#include "aqm/pid/pid_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

// The lab's design: Kp 8e-5, Ki 4e-5, Kd 2e-6 at 50 Hz (T = 0.02 s), qref 50.
const pid::Params kLab{8e-5, 4e-5, 2e-6, 50, 50};

TEST(PidLaw, StepsMatchTheIncrementalForm) {
  pid::State s = pid::Initial(kLab);
  EXPECT_EQ(s.e1, -50);
  EXPECT_EQ(s.e2, -50);
  // e = 50: Kp (50 + 50) + Ki T 50 + (Kd / T)(50 + 100 - 50)
  //        = 0.008 + 0.00004 + 0.01
  pid::Update(kLab, s, 100);
  EXPECT_NEAR(s.p, 0.01804, 1e-12);
  // e = 50 again: 0 + 0.00004 + 1e-4 (50 - 100 - 50) = -0.00996
  pid::Update(kLab, s, 100);
  EXPECT_NEAR(s.p, 0.00808, 1e-12);
  // e = 50, e1 = e2 = 50: only the integral term, 0.00004
  pid::Update(kLab, s, 100);
  EXPECT_NEAR(s.p, 0.00812, 1e-12);
  // Back to qref: Kp (0 - 50) + 0 + 1e-4 (0 - 100 + 50) = -0.009: clamped at 0.
  pid::Update(kLab, s, 50);
  EXPECT_EQ(s.p, 0.0);
  EXPECT_EQ(s.e1, 0);
  EXPECT_EQ(s.e2, 50);
}

TEST(PidLaw, ClampDoesNotWindTheIntegralUp) {
  pid::State s = pid::Initial(kLab);
  for (int i = 0; i < 10000; ++i) pid::Update(kLab, s, 200);  // far above qref
  EXPECT_EQ(s.p, 1.0);
  // One sample below qref brings p down at once: no stored integral.
  pid::Update(kLab, s, 0);
  EXPECT_LT(s.p, 1.0 - 0.01);
}

TEST(PidQueue, RefusesBadParametersAndKeepsTheOldOnes) {
  testing::QueueHarness h("pid");
  EXPECT_FALSE(h.disc().SetParam("kd", -1).ok());
  EXPECT_FALSE(h.disc().SetParam("freq_hz", 0).ok());
  EXPECT_EQ(h.disc().GetParam("kd"), 2e-6);
  EXPECT_EQ(h.disc().GetParam("freq_hz"), 50);
  EXPECT_EQ(h.disc().GetParam("qref"), 50);  // a quarter of 200
}

// The scenario the gains were designed for (50 flows, RTT 40..200 ms).
TEST(PidQueue, HoldsTheDefaultScenarioQueueAtQref) {
  const Summary s = testing::RunSummary(R"({"duration_s": 50, "warmup_s": 20,
    "sides": [{"aqm": "pid"}]})");
  // Integral action: no steady-state offset. +-20%: the 30 s mean of a queue
  // with s.d. ~21 pkts (measured 49.7 over 60 s).
  EXPECT_NEAR(s.mean_queue_pkts, 50, 10);
  EXPECT_LT(s.queue_sd_pkts, 30);
  EXPECT_EQ(s.drops_overflow, 0);
  EXPECT_GT(s.utilisation, 0.98);
}

}  // namespace
}  // namespace aqmlab
