// Windows' transient figures and the per-class delays, on hand-made series
// whose answers are worked out in the comments.
#include <gtest/gtest.h>

#include <vector>

#include "metrics/settling.h"
#include "metrics/summary_accumulator.h"
#include "metrics/transient.h"

namespace aqmlab {
namespace {

// Feeds q[k] at t = from + k * dt.
void Feed(TransientTracker& tr, const std::vector<double>& q, double dt, double from = 0) {
  for (size_t k = 0; k < q.size(); ++k) tr.Add(from + static_cast<double>(k) * dt, q[k]);
}

TEST(Transient, OvershootFullAndEmptyShares) {
  // Buffer 10, samples 0.25 s apart: a 1 s mean is 4 samples.
  TransientTracker tr(10, 0.25);
  Feed(tr, {0, 0, 10, 9, 9, 4, 2, 0}, 0.25);
  const TransientSummary s = tr.Summarise();
  EXPECT_EQ(s.max_queue_pkts, 10);
  // 1 s means: (0+0+10+9)/4 = 4.75, (0+10+9+9)/4 = 7, (10+9+9+4)/4 = 8,
  // (9+9+4+2)/4 = 6, (9+4+2+0)/4 = 3.75: the largest is 8.
  ASSERT_TRUE(s.max_1s_mean_queue_pkts.has_value());
  EXPECT_DOUBLE_EQ(*s.max_1s_mean_queue_pkts, 8);
  // Full: within a packet of the buffer (10, 9, 9): 3 of 8. Empty: 3 of 8.
  EXPECT_DOUBLE_EQ(s.full_fraction, 3.0 / 8);
  EXPECT_DOUBLE_EQ(s.empty_fraction, 3.0 / 8);
  EXPECT_FALSE(s.settling_time_s.has_value());  // no band asked
}

TEST(Transient, NoOneSecondMeanBeforeASecondOfSamples) {
  TransientTracker tr(100, 0.25);
  Feed(tr, {5, 7, 6}, 0.25);
  EXPECT_FALSE(tr.Summarise().max_1s_mean_queue_pkts.has_value());
  EXPECT_EQ(tr.Summarise().max_queue_pkts, 7);
}

// 50 packets until 2 s, then 20; samples every 0.1 s from 0 (1 s = 10 samples).
std::vector<double> StepDown() {
  std::vector<double> q;
  for (int k = 0; k < 50; ++k) q.push_back(k < 20 ? 50 : 20);
  return q;
}

TEST(Transient, SettlingTimeWithTheGivenTolerance) {
  // The 1 s window ending at sample k holds m = 29 - k samples of 50 (for k
  // in 19..29), so its mean is 20 + 3 m. Tolerance 3: in the band once m <= 1,
  // i.e. from the window ending at k = 28, which starts at sample 19: 1.9 s.
  TransientTracker tr(100, 0.1, SettlingBand{20, 3});
  tr.Start(0);
  Feed(tr, StepDown(), 0.1);
  ASSERT_TRUE(tr.Summarise().settling_time_s.has_value());
  EXPECT_NEAR(*tr.Summarise().settling_time_s, 1.9, 1e-9);
  // Tolerance 0.5: m must be 0, the window starting at sample 20: 2.0 s.
  TransientTracker tight(100, 0.1, SettlingBand{20, 0.5});
  tight.Start(0);
  Feed(tight, StepDown(), 0.1);
  EXPECT_NEAR(*tight.Summarise().settling_time_s, 2.0, 1e-9);
  // Counted from the window's start: from 1.5 s the same series settles 0.5 s in.
  TransientTracker later(100, 0.1, SettlingBand{20, 0.5});
  later.Start(1.5);
  Feed(later, {50, 50, 50, 50, 50, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20}, 0.1, 1.5);
  EXPECT_NEAR(*later.Summarise().settling_time_s, 0.5, 1e-9);
}

TEST(Transient, NotSettledWhileTheLastMeanIsOutsideTheBand) {
  // In the band at first, then up to 50 for good: never settled.
  std::vector<double> q(20, 20.0);
  q.insert(q.end(), 20, 50.0);
  TransientTracker tr(100, 0.1, SettlingBand{20, 3});
  Feed(tr, q, 0.1);
  EXPECT_FALSE(tr.Summarise().settling_time_s.has_value());
  // In the band from the first whole second on: settled from the first sample.
  TransientTracker calm(100, 0.1, SettlingBand{20, 3});
  calm.Start(0);
  Feed(calm, std::vector<double>(30, 21.0), 0.1);
  EXPECT_NEAR(*calm.Summarise().settling_time_s, 0, 1e-9);
}

RunTotals TotalsAt(double s, size_t classes) {
  RunTotals t;
  t.at = Time::Seconds(s);
  t.classes.assign(classes, ClassCounters{});
  t.departed.assign(classes, 0);
  t.dropped.assign(classes, 0);
  t.sent.assign(classes, 0);
  return t;
}

TEST(SummaryWindow, StandardAndMeanAbsoluteDeviationOfTheQueue) {
  // 2 4 4 4 5 5 7 9: mean 5, variance (9+1+1+1+0+0+4+16)/8 = 4, sd 2; mean
  // absolute deviation (3+1+1+1+0+0+2+4)/8 = 1.5.
  SummaryAccumulator acc({}, 20, 0.5);
  acc.Start(TotalsAt(10, 0));
  const std::vector<double> q = {2, 4, 4, 4, 5, 5, 7, 9};
  for (size_t k = 0; k < q.size(); ++k) acc.AddQueueSample(10 + 0.5 * static_cast<double>(k), q[k]);
  const Summary s = acc.Build(TotalsAt(14, 0));
  EXPECT_DOUBLE_EQ(s.measured_s, 4);
  EXPECT_DOUBLE_EQ(s.mean_queue_pkts, 5);
  EXPECT_DOUBLE_EQ(s.queue_sd_pkts, 2);
  EXPECT_DOUBLE_EQ(s.queue_mad_pkts, 1.5);
  EXPECT_EQ(s.transient.max_queue_pkts, 9);
  // 1 s = 2 samples: the largest pair mean is (7 + 9) / 2.
  EXPECT_DOUBLE_EQ(*s.transient.max_1s_mean_queue_pkts, 8);
  EXPECT_EQ(s.transient.empty_fraction, 0);
  EXPECT_EQ(s.transient.full_fraction, 0);
}

TEST(SummaryWindow, DelayPerClassKeepsEachClassApart) {
  std::vector<TrafficClass> classes(2);
  classes[0].name = "near";
  classes[1].name = "far";
  SummaryAccumulator acc(classes, 100, 0.01);
  acc.Start(TotalsAt(0, 2));
  // Class 0: 1.05, 3.05, 5.05 ms (mean 3.05, jitter (2 + 2) / 2 = 2); class 1:
  // 10.05, 10.05, 40.05 (mean 20.05, jitter (0 + 30) / 2 = 15); an ACK of
  // 100 ms counts in the totals only.
  for (double d : {1.05, 3.05, 5.05}) acc.AddDelay(d, 0);
  for (double d : {10.05, 10.05, 40.05}) acc.AddDelay(d, 1);
  acc.AddDelay(100, -1);
  const Summary s = acc.Build(TotalsAt(1, 2));
  ASSERT_EQ(s.classes.size(), 2u);
  ASSERT_TRUE(s.classes[0].delay.has_value());
  ASSERT_TRUE(s.classes[1].delay.has_value());
  const ClassDelay& a = *s.classes[0].delay;
  const ClassDelay& b = *s.classes[1].delay;
  EXPECT_NEAR(a.mean_ms, 3.05, 1e-9);
  EXPECT_NEAR(a.jitter_ms, 2, 1e-9);
  EXPECT_NEAR(b.mean_ms, 20.05, 1e-9);
  EXPECT_NEAR(b.jitter_ms, 15, 1e-9);
  // Percentiles: the upper edge of the 0.1 ms bin holding the rank.
  EXPECT_NEAR(a.p50_ms, 3.1, 1e-9);
  EXPECT_NEAR(a.p95_ms, 5.1, 1e-9);
  EXPECT_NEAR(a.p99_ms, 5.1, 1e-9);
  EXPECT_NEAR(b.p50_ms, 10.1, 1e-9);
  EXPECT_NEAR(b.p99_ms, 40.1, 1e-9);
  // The totals: all seven delays.
  EXPECT_NEAR(s.mean_delay_ms, (9.15 + 60.15 + 100) / 7, 1e-9);
}

TEST(SummaryWindow, ClassWithoutDeparturesHasNoDelay) {
  std::vector<TrafficClass> classes(2);
  SummaryAccumulator acc(classes, 100, 0.01);
  acc.Start(TotalsAt(0, 2));
  acc.AddDelay(2, 0);
  const Summary s = acc.Build(TotalsAt(1, 2));
  EXPECT_TRUE(s.classes[0].delay.has_value());
  EXPECT_FALSE(s.classes[1].delay.has_value());
}

TEST(ResponseTolerance, AnAbsoluteBandForTheMean) {
  // 40 then 100 from 10 s, samples every 10 ms, target 100: a 4 s window from
  // t holds f = (10 - t) / 4 of 40s, mean 100 - 60 f. Within 30 packets
  // (tolerance_pkts) once f <= 1/2: t = 8 s, and its deviation 60 f = 30 is
  // within the paper's 30% of 100. The response is t + 2 s.
  std::vector<double> t, q;
  for (int i = 0; i < 3000; ++i) {
    t.push_back(i * 0.01);
    q.push_back(i < 1000 ? 40 : 100);
  }
  const auto wide = ResponseTime(t, q, 0.01, 100, 0, kSettlingDeviationTolerance, 30.0);
  ASSERT_TRUE(wide.has_value());
  EXPECT_NEAR(*wide, 8 + 2, 1e-9);
  // The default band, 10% of the target, waits for f <= 1/6.
  EXPECT_NEAR(*ResponseTime(t, q, 0.01, 100, 0), 9.34 + 2, 1e-9);
}

}  // namespace
}  // namespace aqmlab
