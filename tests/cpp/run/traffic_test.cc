// Every group kind built from a scenario file: it runs, delivers the load
// its parameters offer and respects its active window (the timeline's
// events on groups are in run/group_events_test.cc).
//
// Tolerances: open-loop offered loads are checked against the rate the
// parameters imply, within kSigmas standard deviations of the measured mean
// (a Poisson count's sqrt(N), the delta method for on/off duty cycles,
// the MMPP count variance), as in the traffic tests; deterministic sources
// (CBR) to within one packet.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "scenario_traffic_util.h"
#include "test_util.h"

namespace aqmlab {
namespace {

constexpr double kSigmas = 4.0;

using scenario_test::CumulativeBytes;
using scenario_test::Uncongested;

TEST(ScenarioTraffic, CbrGroupDeliversItsRate) {
  const Summary s = testing::RunSummary(
      Uncongested(R"([{"kind": "udp_cbr", "rate_mbps": 2, "class": "cbr"}])"));
  const ClassSummary& cbr = testing::ClassOf(s, "cbr");
  EXPECT_NEAR(cbr.goodput_mbps, 2.0, 0.01 * 2.0);
  EXPECT_NEAR(cbr.throughput_mbps, 2.0, 0.01 * 2.0);
  ASSERT_TRUE(cbr.loss_ratio.has_value());
  EXPECT_EQ(*cbr.loss_ratio, 0);
  EXPECT_DOUBLE_EQ(s.goodput_mbps, cbr.goodput_mbps);  // the only class
}

TEST(ScenarioTraffic, CbrByIntervalAddsUpOverSources) {
  // AOPC exp 2's CBR: 500 B every 80 ms = 50 kb/s a source.
  const Summary s = testing::RunSummary(
      Uncongested(R"([{"kind": "udp_cbr", "count": 40, "interval_ms": 80, "packet_bytes": 500}])"));
  EXPECT_NEAR(testing::ClassOf(s, "udp_cbr").goodput_mbps, 40 * 0.05, 0.01 * 2.0);
}

TEST(ScenarioTraffic, PoissonGroupDeliversItsRate) {
  // 10 sources x 100 pkt/s x 500 B = 4 Mb/s over 35 s: N = 35,000 packets,
  // relative s.d. 1/sqrt(N) for fixed sizes, sqrt(2/N) for exponential ones.
  const double n = 10 * 100 * 35.0;
  for (const char* size : {"fixed", "exponential"}) {
    const Summary s = testing::RunSummary(Uncongested(
        std::string(R"([{"kind": "poisson", "count": 10, "rate_pps": 100, "packet_bytes": 500, "size": ")") +
        size + R"("}])"));
    const double rel_sd = std::sqrt((std::string(size) == "fixed" ? 1.0 : 2.0) / n);
    EXPECT_NEAR(testing::ClassOf(s, "poisson").goodput_mbps, 4.0, kSigmas * rel_sd * 4.0) << size;
  }
}

TEST(ScenarioTraffic, ExponentialOnOffGroupDeliversPeakTimesDuty) {
  // 20 sources, 1 s on / 1 s off at 0.4 Mb/s: 4 Mb/s. One source's on-time
  // over T has variance T (m_off^2 s_on^2 + m_on^2 s_off^2) / (m_on + m_off)^3 = T / 4.
  const double t = 95;
  const Summary s = testing::RunSummary(Uncongested(
      R"([{"kind": "onoff", "count": 20, "mean_on_s": 1, "mean_off_s": 1, "peak_mbps": 0.4}])", 100));
  const double rel_sd = std::sqrt(t / 4) / (t / 2) / std::sqrt(20.0);
  EXPECT_NEAR(testing::ClassOf(s, "onoff").goodput_mbps, 4.0, kSigmas * rel_sd * 4.0);
}

TEST(ScenarioTraffic, ParetoOnOffGroupRunsNearItsMean) {
  // AAQM's heavy-tailed generator (shape 1.5: infinite variance), so only a
  // loose check: 50 sources, 0.8 s on / 0.2 s off at 0.1 Mb/s = 4 Mb/s.
  const Summary s = testing::RunSummary(Uncongested(
      R"([{"kind": "onoff", "law": "pareto", "shape": 1.5, "count": 50, "mean_on_s": 0.8,
          "mean_off_s": 0.2, "peak_mbps": 0.1}])", 100));
  EXPECT_NEAR(testing::ClassOf(s, "onoff").goodput_mbps, 4.0, 0.15 * 4.0);
}

TEST(ScenarioTraffic, MmppGroupDeliversItsMeanRate) {
  // 5 identical sources: lambda 400 / 40 pkt/s, leaving rates 20 / 10 per s:
  // mean (400 x 10 + 40 x 20) / 30 = 160 pkt/s (0.64 Mb/s) each, 3.2 Mb/s in
  // all. A source's count over T has variance
  // (lambda + 2 (l1 - l2)^2 r12 r21 / (r12 + r21)^3) T.
  std::string sources;
  for (int i = 0; i < 5; ++i) {
    sources += std::string(i ? "," : "") + R"({"lambda1": 400, "lambda2": 40, "r12": 20, "r21": 10})";
  }
  const Summary s = testing::RunSummary(Uncongested(R"([{"kind": "mmpp", "sources": [)" + sources + "]}]", 100));
  const double t = 95;
  const double var = (160 + 2 * 360.0 * 360.0 * 200 / 27000) * t * 5;
  const double rel_sd = std::sqrt(var) / (160 * t * 5);
  EXPECT_NEAR(testing::ClassOf(s, "mmpp").goodput_mbps, 3.2, kSigmas * rel_sd * 3.2);
}

TEST(ScenarioTraffic, VideoGroupDeliversFrameRateTimesMeanFrame) {
  // 4 sources x 25 frames/s x 4000 B = 3.2 Mb/s; lognormal sizes (cv 0.2)
  // over 875 frames a source leave well under 1% of noise.
  const Summary s = testing::RunSummary(Uncongested(
      R"([{"kind": "video", "count": 4, "frame_rate": 25, "mean_frame_bytes": 4000,
          "packet_bytes": 1000, "random_phase": true}])"));
  EXPECT_NEAR(testing::ClassOf(s, "video").goodput_mbps, 3.2, 0.02 * 3.2);
}

TEST(ScenarioTraffic, ShortFlowsDeliverTheirLoadAndReportCompletionTimes) {
  // 50 flows/s of 10 segments of 500 B: 2 Mb/s. Over 95 s that is about
  // 4,750 flows: a Poisson count, relative s.d. 1/sqrt(4750).
  const Summary s = testing::RunSummary(Uncongested(
      R"([{"kind": "short_tcp", "arrival_rate": 50, "rtt_ms": {"min": 100, "max": 100},
          "class": "web"}])", 100));
  const ClassSummary& web = testing::ClassOf(s, "web");
  EXPECT_NEAR(web.goodput_mbps, 2.0, kSigmas / std::sqrt(4750.0) * 2.0);
  ASSERT_TRUE(web.completions.has_value());
  ASSERT_TRUE(s.short_flows.has_value());
  const CompletionSummary& c = *s.short_flows;
  EXPECT_EQ(c.count, web.completions->count);
  EXPECT_NEAR(static_cast<double>(c.count), 50 * 95, kSigmas * std::sqrt(50 * 95.0));
  // Slow start needs three round trips (2, 4, then the last 4 segments);
  // the idle path adds only serialisation, well under a millisecond a trip.
  EXPECT_GT(c.mean_s, 0.3);
  EXPECT_LT(c.mean_s, 0.31);
  EXPECT_GE(c.p50_s, 0.3);
  EXPECT_LE(c.p50_s, c.p95_s);
  EXPECT_LT(c.p95_s, 0.31);
  ASSERT_TRUE(web.loss_ratio.has_value());  // dropped / sent: nothing is dropped here
  EXPECT_EQ(*web.loss_ratio, 0);
}

TEST(ScenarioTraffic, ParetoAndDurationShortFlowsComplete) {
  const Summary s = testing::RunSummary(Uncongested(
      R"([{"kind": "short_tcp", "arrival_rate": 20, "paths": 5, "class": "pareto",
           "size": {"law": "pareto", "mean": 12, "shape": 1.3}},
          {"kind": "short_tcp", "arrival_rate": 5, "class": "timed",
           "size": {"law": "duration", "min_s": 1, "max_s": 2}}])", 60));
  const ClassSummary& pareto = testing::ClassOf(s, "pareto");
  const ClassSummary& timed = testing::ClassOf(s, "timed");
  ASSERT_TRUE(pareto.completions && timed.completions);
  EXPECT_GT(pareto.completions->count, 500);
  EXPECT_GT(pareto.completions->mean_s, 0);
  // A timed flow ends when its U[1, 2] s duration is over.
  EXPECT_GE(timed.completions->p50_s, 1.0);
  EXPECT_LE(timed.completions->p95_s, 2.0);
  EXPECT_NEAR(timed.completions->mean_s, 1.5, 0.1);
  EXPECT_EQ(s.short_flows->count, pareto.completions->count + timed.completions->count);
  EXPECT_GT(timed.goodput_mbps, 0);
}

TEST(ScenarioTraffic, TcpGroupOptionsShapeItsFlows) {
  // Five window-limited flows: 4 segments of 1000 B per round trip of 100 ms
  // of propagation, plus serialisation and the odd wait behind another
  // flow's segments, so a little under 5 x 4 x 8000 / 0.1 b/s.
  for (const char* delack : {"false", "true"}) {
    const Summary s = testing::RunSummary(Uncongested(
        std::string(R"([{"kind": "tcp", "count": 5, "class": "bulk", "packet_bytes": 1000,
            "advertised_window_pkts": 4, "rtt_ms": {"min": 100, "max": 100}, "delayed_ack": )") +
        delack + "}]"));
    const ClassSummary& bulk = testing::ClassOf(s, "bulk");
    const double ceiling = 5 * 4 * 8000 / 0.1 / 1e6;
    EXPECT_LT(bulk.goodput_mbps, ceiling) << "delayed_ack " << delack;
    EXPECT_GT(bulk.goodput_mbps, 0.97 * ceiling) << "delayed_ack " << delack;
    EXPECT_NEAR(s.mean_queue_pkts, 0, 1);
  }
}

TEST(ScenarioTraffic, OnOffDutyCycleIsVisibleInTheSeries) {
  // One source, 1 s on / 3 s off at 2 Mb/s (500 B every 2 ms: 5 packets in
  // each 10 ms sample while on). Samples are 2 Mb/s or 0 but for the edges
  // of periods, and the on fraction is the duty cycle, 0.25: over 400 s the
  // on-time's s.d. is sqrt(400 (9 + 9) / 64) s, 2.7% of the time.
  auto sim = testing::RunToEnd(testing::ParseOrDie(Uncongested(
      R"([{"kind": "onoff", "mean_on_s": 1, "mean_off_s": 3, "peak_mbps": 2, "packet_bytes": 500}])", 400)));
  const auto rate = testing::Column(*sim, "class.onoff.throughput_mbps");
  ASSERT_EQ(rate.size(), 40000u);
  int on = 0, off = 0;
  double peak = 0;
  for (double v : rate) {
    on += v > 1.99;
    off += v == 0;
    peak = std::max(peak, v);
  }
  EXPECT_NEAR(peak, 2.0, 1e-9);
  EXPECT_GT(on + off, 0.95 * 40000);  // two levels, edges aside
  EXPECT_NEAR(on / 40000.0, 0.25, kSigmas * std::sqrt(400 * 18 / 64.0) / 400);
}

TEST(ScenarioTraffic, GroupsSendOnlyInTheirWindow) {
  // CBR (1 Mb/s), long-lived TCP and short TCP, all active in [5, 15] s.
  auto sim = testing::RunToEnd(testing::ParseOrDie(R"({"duration_s": 25, "warmup_s": 1,
    "sides": [{"aqm": "droptail"}],
    "groups": [
      {"kind": "udp_cbr", "rate_mbps": 1, "start_s": 5, "stop_s": 15, "class": "cbr",
       "rtt_ms": {"min": 40, "max": 40}},
      {"kind": "tcp", "count": 10, "start_s": 5, "stop_s": 15, "class": "ftp"},
      {"kind": "short_tcp", "arrival_rate": 10, "start_s": 5, "stop_s": 15, "class": "web"}]})"));
  const auto t = testing::Column(*sim, "t");
  for (const char* cls : {"cbr", "ftp", "web"}) {
    const auto sent = testing::Column(*sim, std::string("class.") + cls + ".throughput_mbps");
    const auto got = testing::Column(*sim, std::string("class.") + cls + ".goodput_mbps");
    ASSERT_EQ(sent.size(), t.size());
    double inside = 0;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] <= 5.0 + 1e-9) {
        ASSERT_EQ(sent[i], 0) << cls << " before its start, t=" << t[i];
        ASSERT_EQ(got[i], 0) << cls << " before its start, t=" << t[i];
      }
      // TCP: in-flight data drains within a round trip or two; short flows
      // that arrived before 15 s finish (10 segments take a few round trips).
      if (t[i] > 17.0) ASSERT_EQ(sent[i], 0) << cls << " after its stop, t=" << t[i];
      if (t[i] > 5.0 && t[i] <= 15.0) inside += sent[i];
    }
    EXPECT_GT(inside, 0) << cls;
  }
}

// Bytes a CBR source at 500 B started at 0 has pushed past the bottleneck
// by `t`, when it arrives `lag` after sending (the access delay and its
// serialisation): the packet sent at 0 counts, then one per interval.
}  // namespace
}  // namespace aqmlab
