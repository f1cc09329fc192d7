// The timeline's events on traffic groups: set_rate, group_on / group_off,
// windows and set_delay act at exactly their time; live events are refused
// whole; the flow total holds for live set_flows.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "scenario_traffic_util.h"
#include "test_util.h"

namespace aqmlab {
namespace {

using scenario_test::CumulativeBytes;
using scenario_test::Uncongested;

double CbrBytesBy(double t, double lag, double rate_bps) {
  if (t < lag) return 0;
  return 500 * (std::floor((t - lag) * rate_bps / 4000 + 1e-9) + 1);
}

TEST(ScenarioTraffic, SetRateAppliesAtExactlyItsTime) {
  // 1 Mb/s until 10 s, then 3 Mb/s: the bytes through the bottleneck follow
  // 1 Mb/s x 10 s + 3 Mb/s x (t - 10) to within one packet, sample by sample.
  auto sim = testing::RunToEnd(testing::ParseOrDie(R"({"duration_s": 20, "warmup_s": 1,
    "sides": [{"aqm": "droptail"}],
    "groups": [{"kind": "udp_cbr", "rate_mbps": 1, "start": "together", "rtt_ms": {"min": 40, "max": 40}}],
    "events": [{"at_s": 10, "kind": "set_rate", "group": 0, "rate": 3}]})"));
  const auto t = testing::Column(*sim, "t");
  const auto bytes = CumulativeBytes(testing::Column(*sim, "class.udp_cbr.throughput_mbps"), 0.01);
  const double lag = 0.010 + 500 * 8 / 100e6;  // access delay 40/2 - 10 ms, then 100 Mb/s
  for (size_t i = 0; i < t.size(); ++i) {
    const double sent_by = t[i] - lag;  // what left the source by then
    const double expected = sent_by <= 10 ? 1e6 / 8 * sent_by : 1e6 / 8 * 10 + 3e6 / 8 * (sent_by - 10);
    ASSERT_NEAR(bytes[i], std::max(expected, 0.0), 500.0 + 1e-6) << "t=" << t[i];
  }
  EXPECT_NEAR(bytes.back(), 1e6 / 8 * 10 + 3e6 / 8 * (20 - lag - 10), 500);
}

TEST(ScenarioTraffic, GroupOffSilencesAtExactlyItsTimeAndGroupOnRestarts) {
  auto sim = testing::Build(testing::ParseOrDie(R"({"duration_s": 20, "warmup_s": 1,
    "sides": [{"aqm": "droptail"}],
    "groups": [{"kind": "udp_cbr", "rate_mbps": 1, "start": "together", "rtt_ms": {"min": 40, "max": 40}}],
    "events": [{"at_s": 8, "kind": "group_off", "group": 0},
               {"at_s": 12, "kind": "group_on", "group": 0}]})"));
  sim->AdvanceTo(Time::Seconds(8) - Time::Nanos(1));
  EXPECT_TRUE(sim->group(0).on());
  sim->AdvanceTo(Time::Seconds(8));
  EXPECT_FALSE(sim->group(0).on());
  sim->AdvanceTo(sim->end());
  EXPECT_TRUE(sim->group(0).on());
  const auto t = testing::Column(*sim, "t");
  const auto bytes = CumulativeBytes(testing::Column(*sim, "class.udp_cbr.throughput_mbps"), 0.01);
  const double lag = 0.010 + 500 * 8 / 100e6;
  // Packets leave the source at 0, 4 ms, ..., 8 s (the one due at 8 s goes
  // before the event at 8 s, as everything else due then), and from 12 s again.
  for (size_t i = 0; i < t.size(); ++i) {
    const double expected = CbrBytesBy(std::min(t[i], 8 + lag), lag, 1e6) +
                            (t[i] >= 12 ? CbrBytesBy(t[i] - 12, lag, 1e6) : 0);
    ASSERT_NEAR(bytes[i], expected, 1e-6) << "t=" << t[i];
  }
}

TEST(ScenarioTraffic, WindowStartsAndStopsExactly) {
  // Alone on the link, a CBR group active in [5, 15] s sends from 5 s to
  // 15 s inclusive: the bottleneck sees exactly those packets, one lag later.
  auto sim = testing::RunToEnd(testing::ParseOrDie(R"({"duration_s": 20, "warmup_s": 1,
    "sides": [{"aqm": "droptail"}],
    "groups": [{"kind": "udp_cbr", "rate_mbps": 1, "start": "together", "start_s": 5, "stop_s": 15,
                "rtt_ms": {"min": 40, "max": 40}}]})"));
  const auto t = testing::Column(*sim, "t");
  const auto bytes = CumulativeBytes(testing::Column(*sim, "class.udp_cbr.throughput_mbps"), 0.01);
  const double lag = 0.010 + 500 * 8 / 100e6;
  for (size_t i = 0; i < t.size(); ++i) {
    const double expected = t[i] < 5 ? 0 : CbrBytesBy(std::min(t[i], 15 + lag) - 5, lag, 1e6);
    ASSERT_NEAR(bytes[i], expected, 1e-6) << "t=" << t[i];
  }
  EXPECT_NEAR(bytes.back(), 1e6 / 8 * 10 + 500, 1e-6);  // both ends included
}

TEST(ScenarioTraffic, SetDelayAppliesAtItsTimeInBothDirections) {
  // One window-limited flow (10 segments of 500 B): 40 kbit per round trip.
  // The bottleneck delay 10 -> 40 ms takes the round trip from 40 to 100 ms.
  auto sim = testing::Build(testing::ParseOrDie(R"({"duration_s": 40, "warmup_s": 1,
    "sides": [{"aqm": "droptail"}],
    "groups": [{"count": 1, "advertised_window_pkts": 10, "rtt_ms": {"min": 40, "max": 40}}],
    "events": [{"at_s": 20, "kind": "set_delay", "delay_ms": 40}]})"));
  sim->AdvanceTo(Time::Seconds(20) - Time::Nanos(1));
  EXPECT_EQ(sim->bottleneck().delay(), Time::Millis(10));
  sim->AdvanceTo(Time::Seconds(20));
  EXPECT_EQ(sim->bottleneck().delay(), Time::Millis(40));
  sim->AdvanceTo(sim->end());
  const auto t = testing::Column(*sim, "t");
  const auto got = testing::Column(*sim, "class.tcp.goodput_mbps");
  double before = 0, after = 0;
  int nb = 0, na = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] > 10 && t[i] <= 20) before += got[i], ++nb;
    if (t[i] > 30) after += got[i], ++na;
  }
  // Serialisation adds about 0.45 ms to each round trip.
  EXPECT_NEAR(before / nb, 40000 / 0.0405 / 1e6, 0.01);
  EXPECT_NEAR(after / na, 40000 / 0.1005 / 1e6, 0.01);
}

TEST(ScenarioTraffic, SetRateReachesEveryRatedKind) {
  // Each kind's rate quadruples at 100 s (the link stays uncongested), so
  // the second half carries 4x the first. Over 95 s a side the noisiest
  // ratios (MMPP's and the short flows' counts) have s.d. under 4%.
  const char* groups = R"([
      {"kind": "onoff", "count": 20, "mean_on_s": 0.2, "mean_off_s": 0.2, "peak_mbps": 0.025, "class": "onoff"},
      {"kind": "poisson", "count": 5, "rate_pps": 12.5, "class": "poisson"},
      {"kind": "mmpp", "sources": [{"lambda1": 50, "lambda2": 10, "r12": 5, "r21": 5},
                                   {"lambda1": 50, "lambda2": 10, "r12": 5, "r21": 5}], "class": "mmpp"},
      {"kind": "video", "count": 2, "mean_frame_bytes": 500, "class": "video"},
      {"kind": "short_tcp", "arrival_rate": 10, "paths": 2, "class": "web"}])";
  std::string json = Uncongested(groups, 200, 1);
  json.pop_back();
  json += R"(, "events": [
      {"at_s": 100, "kind": "set_rate", "group": 0, "rate": 0.1},
      {"at_s": 100, "kind": "set_rate", "group": 1, "rate": 50},
      {"at_s": 100, "kind": "set_rate", "group": 2, "rate": 240},
      {"at_s": 100, "kind": "set_rate", "group": 3, "rate": 0.4},
      {"at_s": 100, "kind": "set_rate", "group": 4, "rate": 40}]})";
  auto sim = testing::RunToEnd(testing::ParseOrDie(json));
  const auto t = testing::Column(*sim, "t");
  for (const char* cls : {"onoff", "poisson", "mmpp", "video", "web"}) {
    const auto got = testing::Column(*sim, std::string("class.") + cls + ".goodput_mbps");
    double first = 0, second = 0;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] > 5 && t[i] <= 100) first += got[i];
      if (t[i] > 105) second += got[i];
    }
    EXPECT_NEAR(second / first, 4.0, 0.15 * 4.0) << cls;
  }
}

TEST(ScenarioTraffic, OpenLoopLossIsMeasuredPerClass) {
  // 12 Mb/s of CBR into 10 Mb/s: once the buffer is full a sixth is lost,
  // and the TCP class beside it loses heavily too (its figure comes from
  // the queue's drops, run/topology_test.cc checks it).
  const Summary s = testing::RunSummary(R"({"duration_s": 30, "warmup_s": 5,
    "sides": [{"aqm": "droptail"}],
    "groups": [{"kind": "udp_cbr", "count": 4, "rate_mbps": 3, "class": "flood"},
               {"kind": "tcp", "count": 2}]})");
  const ClassSummary& flood = testing::ClassOf(s, "flood");
  ASSERT_TRUE(flood.loss_ratio.has_value());
  const double flood_share = flood.throughput_mbps / 12;  // what got through
  EXPECT_NEAR(*flood.loss_ratio, 1 - flood_share, 0.005);
  EXPECT_GT(*flood.loss_ratio, 1.0 / 6 - 0.01);
  EXPECT_NEAR(flood.goodput_mbps, flood.throughput_mbps, 0.01);
  ASSERT_TRUE(testing::ClassOf(s, "tcp").loss_ratio.has_value());
  EXPECT_GT(*testing::ClassOf(s, "tcp").loss_ratio, 0.05);
}

TEST(ScenarioTraffic, TcpGoodputExcludesRetransmissions) {
  const Summary s = testing::RunSummary(R"({"duration_s": 30, "warmup_s": 5, "groups": [{"count": 60}]})", 0);
  const ClassSummary& tcp = testing::ClassOf(s, "tcp");
  EXPECT_GT(s.loss_ratio, 0.01);  // drop-tail under 60 flows: retransmissions happen
  EXPECT_LT(tcp.goodput_mbps, tcp.throughput_mbps);
  EXPECT_DOUBLE_EQ(tcp.goodput_mbps, s.goodput_mbps);
  EXPECT_NEAR(tcp.throughput_mbps, s.throughput_mbps, 1e-9);
}

TEST(ScenarioTraffic, LiveEventsAreRefusedWholeAndChangeNothing) {
  auto sim = testing::Build(testing::ParseOrDie(R"({"duration_s": 20,
    "groups": [{"count": 5}, {"kind": "udp_cbr", "count": 2}, {"kind": "short_tcp"}]})"));
  sim->AdvanceTo(Time::Seconds(1));
  TimelineEvent e;
  e.kind = EventKind::kSetFlows;
  e.group = 2;
  e.count = 3;
  EXPECT_EQ(sim->Apply(e).error,
            "event.group: set_flows needs a group with a count (tcp, udp_cbr, onoff, poisson, "
            "video, http); group 2 is short_tcp");
  e.group = 1;
  e.count = 20001;
  EXPECT_EQ(sim->Apply(e).error, "event.count: must be in [0, 20000], got 20001");
  EXPECT_EQ(sim->group(1).count(), 2);
  e.kind = EventKind::kSetRate;
  e.group = 0;
  e.rate = 5;
  EXPECT_EQ(sim->Apply(e).error, "event.group: group 0 is tcp, which has no rate (use set_flows)");
  e.group = 1;
  e.rate = -1;
  EXPECT_EQ(sim->Apply(e).error, "event.rate: must be in [0.001, 100000], got -1");
  e.kind = EventKind::kSetDelay;
  e.delay_ms = 1e9;
  EXPECT_EQ(sim->Apply(e).error, "event.delay_ms: must be in [0, 5000], got 1000000000");
  EXPECT_EQ(sim->bottleneck().delay(), Time::Millis(10));
  e.kind = EventKind::kGroupOff;
  e.group = 3;
  EXPECT_EQ(sim->Apply(e).error, "event.group: must be in [0, 2], got 3");
  EXPECT_TRUE(sim->group(0).on() && sim->group(1).on() && sim->group(2).on());
  EXPECT_EQ(sim->active_flows(), 5);
}

TEST(ScenarioTraffic, TotalCapHoldsForLiveSetFlows) {
  // The big groups start after the test's end, so they are never built.
  auto sim = testing::Build(testing::ParseOrDie(R"({"duration_s": 5, "warmup_s": 1,
    "groups": [{"count": 20000, "start_s": 4}, {"kind": "poisson", "count": 20000, "start_s": 4},
               {"kind": "onoff", "count": 1, "start_s": 4}]})"));
  TimelineEvent e;
  e.kind = EventKind::kSetFlows;
  e.group = 2;
  e.count = 10001;
  EXPECT_EQ(sim->Apply(e).error,
            "event.count: would bring the flows and sources of all groups to 50001 (at most 50000)");
  EXPECT_EQ(sim->group(2).count(), 1);
  e.count = 10000;
  EXPECT_TRUE(sim->Apply(e).ok());
  EXPECT_EQ(sim->group(2).count(), 10000);
}

}  // namespace
}  // namespace aqmlab
