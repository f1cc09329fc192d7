// Each long-lived TCP group's figures in the summary (`groups`), against
// what holds whatever the senders do: with one class per group they are
// the class's own counts; the groups' throughputs make up the link's; no
// receiver gets more than left the bottleneck; every timed round trip lies
// between its flow's propagation delay and that plus the longest wait the
// buffer allows; without ECN nothing is marked. With ECN, one group alone
// sees the bottleneck's own loss and mark ratios.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "test_util.h"

namespace aqmlab {
namespace {

// 10 Mb/s, 500-byte packets (0.4 ms each), a 100-packet FIFO (at most 40 ms
// of waiting), and access links fast enough that sending on them costs
// nothing measurable: a round trip is propagation, queueing and one 0.4 ms
// serialisation at the bottleneck.
constexpr const char* kTwoSenders = R"({
  "version": 1, "seed": 7, "duration_s": 60, "warmup_s": 10, "access_mbps": 1000000,
  "bottleneck": {"capacity_mbps": 10, "delay_ms": 5, "buffer_pkts": 100, "packet_bytes": 500},
  "groups": [
    {"kind": "tcp", "class": "cubic", "count": 4, "variant": "cubic", "rtt_ms": {"min": 20, "max": 60}},
    {"kind": "tcp", "class": "reno", "count": 6, "rtt_ms": {"min": 40, "max": 120}}
  ],
  "sides": [{"name": "FIFO", "aqm": "droptail", "params": {}}]
})";

constexpr double kPacketMs = 500 * 8 / 10e6 * 1e3;

TEST(GroupFigures, AreTheirClassesAndMakeUpTheLink) {
  const Summary s = testing::RunSummary(kTwoSenders);
  ASSERT_EQ(s.groups.size(), 2u);
  const GroupSummary& cubic = s.groups[0];
  const GroupSummary& reno = s.groups[1];
  EXPECT_EQ(cubic.index, 0);
  EXPECT_EQ(cubic.sender, "cubic");
  EXPECT_EQ(cubic.traffic_class, "cubic");
  EXPECT_EQ(reno.sender, "newreno");
  EXPECT_EQ(cubic.flows, 4);
  EXPECT_EQ(reno.flows, 6);

  // One class per group: the same bytes and packets, counted apart.
  for (const GroupSummary& g : s.groups) {
    const ClassSummary& c = testing::ClassOf(s, g.traffic_class);
    ASSERT_TRUE(g.throughput_mbps && g.share && g.loss_ratio && c.loss_ratio);
    EXPECT_DOUBLE_EQ(g.goodput_mbps, c.goodput_mbps) << g.sender;
    EXPECT_DOUBLE_EQ(*g.throughput_mbps, c.throughput_mbps) << g.sender;
    EXPECT_DOUBLE_EQ(*g.loss_ratio, *c.loss_ratio) << g.sender;
    EXPECT_GT(*g.loss_ratio, 0) << g.sender;  // a FIFO drops
    EXPECT_EQ(g.mark_ratio, 0.0) << g.sender;  // and without ECN marks nothing
  }

  // The forward link carries only the groups' data: their throughputs add
  // up to the link's, and their shares to one, within a packet.
  const double packet_mbps = 500 * 8e-6 / s.measured_s;
  EXPECT_NEAR(*cubic.throughput_mbps + *reno.throughput_mbps, s.throughput_mbps, packet_mbps);
  EXPECT_NEAR(*cubic.share + *reno.share, 1.0, packet_mbps / s.throughput_mbps);
  EXPECT_NEAR(*cubic.share, *cubic.throughput_mbps / s.throughput_mbps, 1e-12);

  // A receiver gets at most what left the bottleneck, plus what was on its
  // way at the start (10 Mb/s over the longest one-way path, 60 ms).
  const double in_flight_mbps = 10 * 0.060 / s.measured_s;
  for (const GroupSummary& g : s.groups) {
    EXPECT_LE(g.goodput_mbps, *g.throughput_mbps + in_flight_mbps) << g.sender;
    EXPECT_GT(g.goodput_mbps, 0.5) << g.sender;
  }

  const double hi = std::max(*cubic.throughput_mbps, *reno.throughput_mbps);
  const double lo = std::min(*cubic.throughput_mbps, *reno.throughput_mbps);
  ASSERT_TRUE(s.group_throughput_ratio);
  EXPECT_DOUBLE_EQ(*s.group_throughput_ratio, hi / lo);
}

TEST(GroupFigures, RoundTripsLieBetweenPropagationAndAFullBuffer) {
  const Summary s = testing::RunSummary(kTwoSenders);
  ASSERT_EQ(s.groups.size(), 2u);
  const double ranges[2][2] = {{20, 60}, {40, 120}};
  for (size_t g = 0; g < 2; ++g) {
    const GroupSummary& x = s.groups[g];
    ASSERT_TRUE(x.rtt_ms && x.base_rtt_ms) << x.sender;
    // The samples' propagation delays are the group's flows'.
    EXPECT_GE(*x.base_rtt_ms, ranges[g][0]) << x.sender;
    EXPECT_LE(*x.base_rtt_ms, ranges[g][1]) << x.sender;
    // Each sample is its flow's propagation delay, the wait behind at most
    // the buffer's 100 packets, and its own 0.4 ms on the bottleneck.
    EXPECT_GE(*x.rtt_ms, *x.base_rtt_ms + kPacketMs) << x.sender;
    EXPECT_LE(*x.rtt_ms, *x.base_rtt_ms + 101 * kPacketMs) << x.sender;
    // What a round trip adds to its propagation is the queue the group's
    // data met: its class's mean wait at the bottleneck (one FIFO for all,
    // sampled once a round trip instead of at every packet).
    const ClassSummary& c = testing::ClassOf(s, x.traffic_class);
    ASSERT_TRUE(c.delay);
    const double added = *x.rtt_ms - *x.base_rtt_ms - kPacketMs;
    EXPECT_NEAR(added, c.delay->mean_ms, 0.15 * c.delay->mean_ms) << x.sender;
  }
}

// One group, ECN on, through RED: every data packet meets the bottleneck,
// so the group's loss and mark ratios (over the packets it sent, marks as
// its receivers saw them) are the bottleneck's (over the packets arriving).
TEST(GroupFigures, OneGroupAloneHasTheBottlenecksRatios) {
  const Summary s = testing::RunSummary(R"({
    "version": 1, "seed": 3, "duration_s": 60, "warmup_s": 10, "access_mbps": 1000000,
    "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 200, "packet_bytes": 500,
                   "ecn": true},
    "groups": [{"kind": "tcp", "count": 20, "ecn": true, "rtt_ms": {"min": 40, "max": 120}}],
    "sides": [{"name": "RED", "aqm": "red", "params": {}}]
  })");
  ASSERT_EQ(s.groups.size(), 1u);
  const GroupSummary& g = s.groups[0];
  ASSERT_TRUE(g.mark_ratio && g.loss_ratio);
  EXPECT_GT(s.mark_ratio, 0.001);
  EXPECT_NEAR(*g.mark_ratio, s.mark_ratio, 0.02 * s.mark_ratio);
  EXPECT_NEAR(*g.loss_ratio, s.loss_ratio, 0.02 * s.loss_ratio + 1e-5);
  EXPECT_NEAR(*g.share, 1.0, 1e-12);  // the link carries this group's data only
  EXPECT_FALSE(s.group_throughput_ratio);  // one group: nothing to compare
}

// A reverse group's data never leaves hop 1's forward queue: no throughput
// or share there, but its goodput and round trips are still its own.
TEST(GroupFigures, AReverseGroupHasNoShareOfTheForwardLink) {
  const Summary s = testing::RunSummary(R"({
    "version": 1, "seed": 2, "duration_s": 30, "warmup_s": 5,
    "groups": [{"kind": "tcp", "count": 5, "rtt_ms": {"min": 40, "max": 80}},
               {"kind": "tcp", "count": 3, "direction": "reverse", "variant": "cubic",
                "rtt_ms": {"min": 40, "max": 80}}],
    "sides": [{"name": "RED", "aqm": "red", "params": {}}]
  })");
  ASSERT_EQ(s.groups.size(), 2u);
  EXPECT_TRUE(s.groups[0].share);
  EXPECT_FALSE(s.groups[1].throughput_mbps);
  EXPECT_FALSE(s.groups[1].share);
  EXPECT_GT(s.groups[1].goodput_mbps, 0.5);
  EXPECT_TRUE(s.groups[1].rtt_ms);
  EXPECT_FALSE(s.group_throughput_ratio);  // only one group crosses hop 1 forward
}

// A window has its own groups' figures, over its own span.
TEST(GroupFigures, WindowsHaveTheirOwn) {
  Scenario sc = testing::ParseOrDie(kTwoSenders);
  sc.windows.push_back(WindowSpec{"late", 40, 60, std::nullopt, std::nullopt});
  auto sim = testing::RunToEnd(sc);
  ASSERT_NE(sim, nullptr);
  const Summary s = sim->summary();
  ASSERT_EQ(s.windows.size(), 1u);
  const Summary& w = s.windows[0].summary;
  ASSERT_EQ(w.groups.size(), 2u);
  const double packet_mbps = 500 * 8e-6 / w.measured_s;
  EXPECT_NEAR(*w.groups[0].throughput_mbps + *w.groups[1].throughput_mbps, w.throughput_mbps, packet_mbps);
  EXPECT_NE(*w.groups[0].throughput_mbps, *s.groups[0].throughput_mbps);
}

}  // namespace
}  // namespace aqmlab
