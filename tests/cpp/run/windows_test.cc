// The scenario's named windows: parsing and its errors, the round trip, and
// the recorder's window summaries against the sampled queue column.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "test_util.h"

namespace aqmlab {
namespace {

using testing::Column;
using testing::ParseOrDie;

std::string WithWindows(const std::string& windows, const std::string& response = "") {
  return R"({"duration_s": 20, "warmup_s": 2, "bottleneck": {"buffer_pkts": 60},
             "groups": [{"kind": "tcp", "count": 30}], "sides": [{"aqm": "red"}])" +
         (response.empty() ? "" : ", \"response\": " + response) + ", \"windows\": " + windows + "}";
}

std::string ParseError(const std::string& json) {
  auto s = ParseScenario(json);
  return s.ok() ? "" : s.error();
}

TEST(ScenarioWindows, ErrorsNameTheFieldAndTheRange) {
  EXPECT_EQ(ParseError(WithWindows(R"([{"name": "a", "from_s": 5, "to_s": 5}])")),
            "windows[0].to_s: must be in (from_s, duration_s] = (5, 20], got 5");
  EXPECT_EQ(ParseError(WithWindows(R"([{"name": "a", "from_s": 5, "to_s": 25}])")),
            "windows[0].to_s: must be in [0, 20], got 25");
  EXPECT_EQ(ParseError(WithWindows(R"([{"from_s": 5, "to_s": 8}])")), "windows[0].name: is required");
  EXPECT_EQ(ParseError(WithWindows(R"([{"name": "", "from_s": 5, "to_s": 8}])")),
            "windows[0].name: must not be empty");
  EXPECT_EQ(ParseError(WithWindows(R"([{"name": "a", "from_s": 1, "to_s": 8}, {"name": "a", "from_s": 2, "to_s": 3}])")),
            "windows[1].name: \"a\" names another window too");
  EXPECT_EQ(ParseError(WithWindows(R"([{"name": "a", "from_s": 1, "to_s": 8, "tolerance_pkts": 2}])")),
            "windows[0].tolerance_pkts: needs target_pkts (the queue to settle at)");
  EXPECT_EQ(ParseError(WithWindows(R"([{"name": "a", "from_s": 1, "to_s": 8, "target_pkts": -1}])")),
            "windows[0].target_pkts: must be in [0, 1000000], got -1");
  EXPECT_EQ(ParseError(WithWindows(R"([{"name": "a", "from_s": 1, "to_s": 8, "form_s": 2}])")),
            "windows[0].form_s: unknown field");
  EXPECT_EQ(ParseError(WithWindows(R"({"name": "a"})")), "windows: must be an array");
  EXPECT_EQ(ParseError(WithWindows(R"([3])")), "windows[0]: must be an object");
  std::string many = "[";
  for (int i = 0; i < 17; ++i) many += std::string(i ? "," : "") + R"({"name": "w)" + std::to_string(i) + R"(", "from_s": 1, "to_s": 2})";
  EXPECT_EQ(ParseError(WithWindows(many + "]")), "windows: must have at most 16 entries");
  EXPECT_EQ(ParseError(WithWindows("[]", R"({"target_pkts": 20, "tolerance_pkts": 0})")),
            "response.tolerance_pkts: must be in [0.001, 1000000], got 0");
}

TEST(ScenarioWindows, WrittenBackAsRead) {
  const Scenario s = ParseOrDie(WithWindows(
      R"([{"name": "before", "from_s": 2, "to_s": 10}, {"name": "after", "from_s": 10, "to_s": 20, "target_pkts": 20, "tolerance_pkts": 4}])",
      R"({"target_pkts": 20, "from_s": 10, "tolerance_pkts": 3})"));
  ASSERT_EQ(s.windows.size(), 2u);
  EXPECT_EQ(s.windows[1].name, "after");
  EXPECT_EQ(*s.windows[1].tolerance_pkts, 4);
  EXPECT_FALSE(s.windows[0].target_pkts.has_value());
  const Scenario again = ParseOrDie(ScenarioToJson(s));
  EXPECT_EQ(ScenarioToJson(again), ScenarioToJson(s));
  ASSERT_EQ(again.windows.size(), 2u);
  EXPECT_EQ(again.windows[0].to_s, 10);
  EXPECT_EQ(*again.windows[1].target_pkts, 20);
  EXPECT_EQ(*again.response->tolerance_pkts, 3);
}

// The figures of the samples with from <= t < to, from the queue column.
struct ColumnFigures {
  double mean = 0, sd = 0, max = 0, empty = 0;
  int n = 0;
};

ColumnFigures FromColumn(const Simulation& sim, double from, double to) {
  const auto t = Column(sim, "t");
  const auto q = Column(sim, "queue_pkts");
  ColumnFigures f;
  double sum = 0, sq = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] < from - 1e-9 || t[i] >= to - 1e-9) continue;
    ++f.n;
    sum += q[i];
    sq += q[i] * q[i];
    f.max = std::max(f.max, q[i]);
    if (q[i] == 0) ++f.empty;
  }
  f.mean = sum / f.n;
  f.sd = std::sqrt(sq / f.n - f.mean * f.mean);
  f.empty /= f.n;
  return f;
}

TEST(ScenarioWindows, EachWindowSummarisesItsOwnSamples) {
  const Scenario scenario = ParseOrDie(WithWindows(
      R"([{"name": "start", "from_s": 0, "to_s": 4}, {"name": "middle", "from_s": 5, "to_s": 12.005}, {"name": "end", "from_s": 15, "to_s": 20}])"));
  auto sim = testing::RunToEnd(scenario);
  ASSERT_TRUE(sim);
  const Summary s = sim->summary();
  ASSERT_EQ(s.windows.size(), 3u);
  for (const WindowSummary& w : s.windows) {
    SCOPED_TRACE(w.name);
    ASSERT_TRUE(w.started);
    const ColumnFigures f = FromColumn(*sim, w.from_s, w.to_s);
    EXPECT_NEAR(w.summary.measured_s, w.to_s - w.from_s, 1e-9);
    EXPECT_NEAR(w.summary.mean_queue_pkts, f.mean, 1e-9);
    EXPECT_NEAR(w.summary.queue_sd_pkts, f.sd, 1e-6);
    EXPECT_EQ(w.summary.transient.max_queue_pkts, f.max);
    EXPECT_NEAR(w.summary.transient.empty_fraction, f.empty, 1e-12);
    EXPECT_GT(w.summary.departures, 0);
  }
  // 10 ms samples from 0.01 s: 399 in [0, 4), 701 in [5, 12.005).
  EXPECT_EQ(FromColumn(*sim, 0, 4).n, 399);
  EXPECT_EQ(FromColumn(*sim, 5, 12.005).n, 701);
  // The first window starts from an empty queue: slow start's overshoot is in it.
  EXPECT_GT(s.windows[0].summary.transient.empty_fraction, 0);
}

TEST(ScenarioWindows, WindowsLeaveTheSamplesAndTheWholeRunAlone) {
  const std::string none = WithWindows("[]");
  const std::string two = WithWindows(R"([{"name": "a", "from_s": 3, "to_s": 9}, {"name": "b", "from_s": 1, "to_s": 20}])");
  const Summary a = testing::RunSummary(none);
  const Summary b = testing::RunSummary(two);
  EXPECT_EQ(a.series_hash, b.series_hash);
  EXPECT_EQ(a.mean_queue_pkts, b.mean_queue_pkts);
  EXPECT_EQ(a.p99_delay_ms, b.p99_delay_ms);
  EXPECT_EQ(a.goodput_mbps, b.goodput_mbps);
  EXPECT_TRUE(a.windows.empty());
}

TEST(ScenarioWindows, AWindowNotYetReachedIsNull) {
  auto sim = testing::Build(ParseOrDie(WithWindows(R"([{"name": "early", "from_s": 1, "to_s": 3}, {"name": "late", "from_s": 15, "to_s": 20}])")));
  ASSERT_TRUE(sim);
  sim->AdvanceTo(Time::Seconds(5));
  const Summary s = sim->summary();
  EXPECT_TRUE(s.windows[0].started);
  EXPECT_NEAR(s.windows[0].summary.measured_s, 2, 1e-9);  // closed at 3 s
  EXPECT_FALSE(s.windows[1].started);
  const std::string json = SummaryToJson(s, "RED", "red");
  EXPECT_NE(json.find(R"("windows":{"early":{"from_s":1.0,"to_s":3.0,"measured_s":2.0,)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("late":null})"), std::string::npos) << json;
}

TEST(ScenarioWindows, SettlingAfterALoadChange) {
  // RED (thresholds 20..60, buffer 100) and 5 -> 120 flows at 10 s: the
  // window from the change settles where every later 1 s mean of the sampled
  // queue is within 10 packets of 55 and the one starting a sample earlier is
  // not; a band nobody reaches (0 +- 0.001) never settles.
  auto sim = testing::RunToEnd(ParseOrDie(R"({"duration_s": 30, "warmup_s": 2, "bottleneck": {"buffer_pkts": 100},
      "groups": [{"kind": "tcp", "count": 5}], "sides": [{"aqm": "red", "params": {"min_th": 20, "max_th": 60}}],
      "events": [{"at_s": 10, "kind": "set_flows", "group": 0, "count": 120}], "windows": [
      {"name": "after", "from_s": 10, "to_s": 30, "target_pkts": 55, "tolerance_pkts": 10},
      {"name": "never", "from_s": 10, "to_s": 30, "target_pkts": 0, "tolerance_pkts": 0.001}]})"));
  ASSERT_TRUE(sim);
  const Summary s = sim->summary();
  const auto settling = s.windows[0].summary.transient.settling_time_s;
  ASSERT_TRUE(settling.has_value());
  EXPECT_GT(*settling, 1);
  EXPECT_LT(*settling, 19);
  EXPECT_FALSE(s.windows[1].summary.transient.settling_time_s.has_value());
  const auto t = Column(*sim, "t");
  const auto q = Column(*sim, "queue_pkts");
  const size_t first = static_cast<size_t>(std::lround(10 / 0.01)) - 1;  // the sample at 10 s
  ASSERT_NEAR(t[first], 10, 1e-9);
  const size_t settled = first + static_cast<size_t>(std::lround(*settling / 0.01));
  auto mean_from = [&q](size_t i) {
    double sum = 0;
    for (size_t k = i; k < i + 100; ++k) sum += q[k];
    return sum / 100;
  };
  EXPECT_GT(std::fabs(mean_from(settled - 1) - 55), 10);
  for (size_t i = settled; i + 100 <= q.size(); ++i) ASSERT_LE(std::fabs(mean_from(i) - 55), 10) << t[i];
}

TEST(ScenarioWindows, PerClassDelayFollowsEachClassPath) {
  // Two CBR sources, 500 B every 100 ms over a 1 Mb/s bottleneck (4 ms a
  // packet), in step; the far one's access is 1 ms longer (RTT 42 against
  // 40 ms), so each of its packets arrives 1 ms into the near one's
  // transmission and waits the other 3 ms. The near one never waits.
  const Summary s = testing::RunSummary(R"({"duration_s": 5, "warmup_s": 1,
      "bottleneck": {"capacity_mbps": 1, "delay_ms": 10, "buffer_pkts": 50},
      "groups": [{"kind": "udp_cbr", "class": "near", "count": 1, "interval_ms": 100, "packet_bytes": 500, "rtt_ms": {"min": 40, "max": 40}},
                 {"kind": "udp_cbr", "class": "far", "count": 1, "interval_ms": 100, "packet_bytes": 500, "rtt_ms": {"min": 42, "max": 42}}],
      "sides": [{"aqm": "droptail"}]})");
  const ClassSummary& near = testing::ClassOf(s, "near");
  const ClassSummary& far = testing::ClassOf(s, "far");
  ASSERT_TRUE(near.delay && far.delay);
  EXPECT_NEAR(near.delay->mean_ms, 0, 1e-9);
  EXPECT_NEAR(far.delay->mean_ms, 3, 1e-9);
  EXPECT_NEAR(far.delay->p99_ms, 3.1, 0.1 + 1e-9);  // a 0.1 ms bin's upper edge
  EXPECT_NEAR(far.delay->jitter_ms, 0, 1e-9);
  EXPECT_NEAR(s.mean_delay_ms, 1.5, 1e-9);  // half the packets wait 3 ms
}

}  // namespace
}  // namespace aqmlab
