// The response (settling) time of spec/scenarios.md: the function on
// synthetic queue series, and the recorder's figure in an LRED-like run.
#include <gtest/gtest.h>

#include <vector>

#include "metrics/settling.h"
#include "test_util.h"

namespace aqmlab {
namespace {

// Samples every 10 ms from 0: q(t) = before for t < switch_s, else after.
struct Series {
  std::vector<double> t;
  std::vector<double> q;
};

Series Step(double before, double after, double switch_s, double end_s) {
  Series s;
  for (int i = 0; i * 0.01 < end_s - 1e-9; ++i) {
    s.t.push_back(i * 0.01);
    s.q.push_back(i * 0.01 < switch_s - 1e-9 ? before : after);
  }
  return s;
}

TEST(ResponseTime, StepSettlesWhenTheWindowMeanComesWithinTenPercent) {
  // 40 then 100 from 10 s, target 100: a window starting at t holds
  // f = (10 - t) / 4 of 40s, so its mean is 100 - 60 f, within 10 (10%) once
  // f <= 1/6, i.e. at most 66 of its 400 samples: t = 10 - 0.66. Its mean
  // absolute deviation, 60 f <= 10, is within 30 all along.
  const Series s = Step(40, 100, 10, 30);
  const auto r = ResponseTime(s.t, s.q, 0.01, 100, 0);
  ASSERT_TRUE(r.has_value());
  EXPECT_NEAR(*r, 9.34 + 2, 1e-9);
  // Counted from the change: from 5 s, the same window gives 4.34 + 2.
  const auto later = ResponseTime(s.t, s.q, 0.01, 100, 5);
  ASSERT_TRUE(later.has_value());
  EXPECT_NEAR(*later, 9.34 - 5 + 2, 1e-9);
  // A change after the settled window: the search starts there.
  const auto after = ResponseTime(s.t, s.q, 0.01, 100, 12);
  ASSERT_TRUE(after.has_value());
  EXPECT_NEAR(*after, 2, 1e-9);
}

TEST(ResponseTime, DeviationMustAlsoFallBelowThirtyPercent) {
  // Mean exactly on target throughout, but swinging 40/160 (deviation 60)
  // until 20 s, then 80/120 (deviation 20). A window settles once its mix
  // of deviations, 60 f + 20 (1 - f), is at most 30: f <= 1/4, 100 samples.
  Series s;
  for (int i = 0; i < 4000; ++i) {
    s.t.push_back(i * 0.01);
    const bool wide = i < 2000;
    s.q.push_back(i % 2 ? (wide ? 160 : 120) : (wide ? 40 : 80));
  }
  const auto r = ResponseTime(s.t, s.q, 0.01, 100, 0);
  ASSERT_TRUE(r.has_value());
  EXPECT_NEAR(*r, 19.0 + 2, 1e-9);  // A wider bound (the scenario's deviation_tolerance): 60 f + 20 (1 - f) <=
  // 50 holds for f <= 3/4, 300 samples in: t = 20 - 3 + 0 s from the start.
  const auto wide = ResponseTime(s.t, s.q, 0.01, 100, 0, 0.5);
  ASSERT_TRUE(wide.has_value());
  EXPECT_NEAR(*wide, 17.0 + 2, 1e-9);
  // Tighter than the swing that follows: never settles.
  EXPECT_FALSE(ResponseTime(s.t, s.q, 0.01, 100, 0, 0.15).has_value());
}

TEST(ResponseTime, NoneWhenTheQueueNeverSettles) {
  // 15% off target for good.
  const Series off = Step(0, 85, 1, 30);
  EXPECT_FALSE(ResponseTime(off.t, off.q, 0.01, 100, 0).has_value());
  // On target, but the run ends before a whole window has passed.
  const Series short_run = Step(100, 100, 0, 3.99);
  EXPECT_FALSE(ResponseTime(short_run.t, short_run.q, 0.01, 100, 0).has_value());
  const Series exact = Step(100, 100, 0, 4.0);
  EXPECT_NEAR(*ResponseTime(exact.t, exact.q, 0.01, 100, 0), 2, 1e-9);
  EXPECT_EQ(SettlingWindowSamples(0.01), 400);
  EXPECT_EQ(SettlingWindowSamples(0.1), 40);
  EXPECT_EQ(SettlingWindowSamples(10), 1);
}

// The LRED paper's first experiment, scaled down: 10 Mb/s, 500 B packets,
// buffer 200, q0 = 100, N flows with round trips spread over [30, 410] ms
// starting together; the response time is to q0.
std::string LredLike(int flows, const char* aqm) {
  return std::string(R"({"duration_s": 60, "warmup_s": 1, "seed": 1,
    "bottleneck": {"capacity_mbps": 10, "delay_ms": 5, "buffer_pkts": 200, "packet_bytes": 500},
    "groups": [{"count": )") + std::to_string(flows) + R"(, "start": "together", "rtt_ms": {"min": 30, "max": 410}}],
    "sides": [{"aqm": ")" + aqm + R"(", "params": {)" + (std::string(aqm) == "lred" ? R"("q0": 100)" : "") +
         R"(}}], "response": {"target_pkts": 100, "from_s": 0}})";
}

TEST(ResponseTime, LredSettlesAtItsTargetAndDropTailDoesNot) {
  for (int flows : {100, 300}) {
    auto lred = testing::RunToEnd(testing::ParseOrDie(LredLike(flows, "lred")));
    const Summary s = lred->summary();
    ASSERT_TRUE(s.response_time_s.has_value()) << flows << " flows";
    EXPECT_GT(*s.response_time_s, 2);
    EXPECT_LT(*s.response_time_s, 30) << flows << " flows";
    // The recorder's running detector agrees with the function on the series.
    const auto t = testing::Column(*lred, "t");
    const auto q = testing::Column(*lred, "queue_pkts");
    EXPECT_EQ(ResponseTime(t, q, 0.01, 100, 0), s.response_time_s);
    // Drop-tail fills its buffer and stays far above 100.
    const Summary dt = testing::RunSummary(LredLike(flows, "droptail"));
    EXPECT_FALSE(dt.response_time_s.has_value());
    EXPECT_GT(dt.mean_queue_pkts, 150);
  }
}

}  // namespace
}  // namespace aqmlab
