// SFC (Gao & Hou 2003): the rate measurement and the feedback law against
// hand-computed numbers, and the closed loop settling where the law predicts.
#include <gtest/gtest.h>

#include "aqm/sfc/sfc_law.h"
#include "aqm/sfc/sfc_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

// k1 1e-3, a 2e-5, q0 20, 10 ms windows, EWMA weight 0.25.
const sfc::Params kLab{1e-3, 2e-5, 20, 10, 0.25};
constexpr double kC = 2500;  // pkts/s: 10 Mb/s of 500 B packets

TEST(SfcLaw, RateIsAnEwmaOfWindowedArrivalRates) {
  sfc::State s = sfc::Initial(kC);
  for (int i = 0; i < 30; ++i) sfc::MeasureArrival(kLab, s, Time::Micros(300.0 * i), 1);
  EXPECT_EQ(s.rate_pps, kC);  // the first window is still open
  // The 31st packet closes it at 10 ms: 31 pkts / 0.01 s = 3100 pkts/s;
  // x = 0.75 2500 + 0.25 3100 = 2650.
  sfc::MeasureArrival(kLab, s, Time::Millis(10), 1);
  EXPECT_DOUBLE_EQ(s.rate_pps, 2650);
  EXPECT_EQ(s.window_pkts, 0);
  EXPECT_EQ(s.window_start, Time::Millis(10));
}

TEST(SfcLaw, ProbabilityIsTheClampedStateFeedback) {
  sfc::State s = sfc::Initial(kC);
  s.rate_pps = 2650;
  // 1e-3 (40 - 20) + 2e-5 (2650 - 2500) = 0.02 + 0.003
  EXPECT_EQ(sfc::Decide(kLab, s, 40, kC, 0.0229), Decision::kCongest);
  EXPECT_NEAR(s.p, 0.023, 1e-15);
  EXPECT_EQ(sfc::Decide(kLab, s, 40, kC, 0.0231), Decision::kPass);
  // A falling rate can cancel a queue offset: 0.02 + 2e-5 (1500 - 2500) = 0.
  s.rate_pps = 1500;
  sfc::Decide(kLab, s, 40, kC, 0.5);
  EXPECT_NEAR(s.p, 0.0, 1e-15);
  s.rate_pps = 500;
  sfc::Decide(kLab, s, 0, kC, 0.5);
  EXPECT_EQ(s.p, 0.0);
  sfc::Decide(kLab, s, 5000, kC, 0.5);
  EXPECT_EQ(s.p, 1.0);
}

TEST(SfcQueue, RefusesBadParametersAndKeepsTheOldOnes) {
  testing::QueueHarness h("sfc");
  EXPECT_FALSE(h.disc().SetParam("rate_weight", 0).ok());
  EXPECT_FALSE(h.disc().SetParam("k1", 2).ok());
  EXPECT_EQ(h.disc().GetParam("rate_weight"), 0.25);
  EXPECT_EQ(h.disc().GetParam("k1"), 1e-3);
  EXPECT_EQ(h.disc().GetParam("q0"), 20);  // a tenth of 200
}

// Without integral action the queue settles where the law's mean p equals
// the loss it needs: q = q0 + (p - a (x - C)) / k1, with p the loss ratio
// and x - C the arrival rate's excess (the dropped packets).
TEST(SfcQueue, SettlesWhereTheProportionalLawPredicts) {
  const Summary s = testing::RunSummary(R"({"duration_s": 40, "warmup_s": 15,
    "sides": [{"aqm": "sfc"}]})");
  const double x = static_cast<double>(s.arrivals) / s.measured_s;
  const double predicted = 20 + (s.loss_ratio - 2e-5 * (x - kC)) / 1e-3;
  EXPECT_NEAR(s.mean_queue_pkts, predicted, 0.1 * predicted);
  EXPECT_GT(s.mean_queue_pkts, 30);  // a real offset above q0...
  EXPECT_EQ(s.drops_overflow, 0);    // ...well inside the buffer
  EXPECT_GT(s.utilisation, 0.98);
}

}  // namespace
}  // namespace aqmlab
