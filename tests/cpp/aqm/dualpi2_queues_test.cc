// DualPI2's two queues as the run reports them: each queue's columns
// (queue.<name>.*) and summary figures, checked against what is computed
// apart from them. A Prague-only class and a CUBIC-only class make the
// classifier's split known in advance: every data packet of the Prague
// class is ECT(1) and waits in the L queue, every CUBIC one in the Classic
// queue, and the forward link carries no ACKs. So each queue's figures must
// be its class's, which the summary computes from the packets' classes
// (Packet::traffic_class), not from their queue.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "test_util.h"

namespace aqmlab {
namespace {

constexpr const char* kPragueBesideCubic = R"({
  "version": 1, "seed": 3, "duration_s": 30, "warmup_s": 5, "sample_interval_ms": 10,
  "bottleneck": {"capacity_mbps": 40, "delay_ms": 5, "buffer_pkts": 2000,
                 "packet_bytes": 1500, "ecn": true},
  "groups": [
    {"kind": "tcp", "class": "prague", "count": 2, "variant": "prague", "ecn": true,
     "rtt_ms": {"min": 20, "max": 20}},
    {"kind": "tcp", "class": "cubic", "count": 2, "variant": "cubic", "ecn": true,
     "rtt_ms": {"min": 20, "max": 20}}
  ],
  "sides": [{"name": "DualPI2", "aqm": "dualpi2", "params": {}}]
})";

TEST(DualPi2Queues, EachQueueIsItsClassAndTheyAddUpToTheLink) {
  const Scenario scenario = testing::ParseOrDie(kPragueBesideCubic);
  auto sim = testing::RunToEnd(scenario);
  ASSERT_NE(sim, nullptr);
  const Summary s = sim->summary();
  ASSERT_EQ(s.queues.size(), 2u);
  const QueueSummary& l = testing::QueueOf(s, "l");
  const QueueSummary& c = testing::QueueOf(s, "c");
  EXPECT_EQ(l.label, "L queue");
  EXPECT_EQ(c.label, "Classic queue");

  // Throughputs: the two queues' add up to the link's within one packet's
  // worth over the measured span, and each is its class's.
  const double packet_mbps = 1500 * 8e-6 / s.measured_s;
  EXPECT_NEAR(l.throughput_mbps + c.throughput_mbps, s.throughput_mbps, packet_mbps);
  EXPECT_NEAR(l.throughput_mbps, testing::ClassOf(s, "prague").throughput_mbps, packet_mbps);
  EXPECT_NEAR(c.throughput_mbps, testing::ClassOf(s, "cubic").throughput_mbps, packet_mbps);
  EXPECT_EQ(l.departures + c.departures, s.departures);
  EXPECT_GT(l.throughput_mbps, 5);
  EXPECT_GT(c.throughput_mbps, 5);

  // Delays: each queue's mean and p99 are its class's, and the L queue's
  // mean sits well below the Classic queue's (RFC 9332 sec. 1: L4S traffic
  // sees the shallow queue, Classic traffic the PI2 target).
  const auto& pd = testing::ClassOf(s, "prague").delay;
  const auto& cd = testing::ClassOf(s, "cubic").delay;
  ASSERT_TRUE(pd && cd);
  EXPECT_NEAR(l.mean_delay_ms, pd->mean_ms, 1e-9);
  EXPECT_NEAR(c.mean_delay_ms, cd->mean_ms, 1e-9);
  EXPECT_EQ(l.p99_delay_ms, pd->p99_ms);
  EXPECT_EQ(c.p99_delay_ms, cd->p99_ms);
  EXPECT_LT(l.mean_delay_ms * 5, c.mean_delay_ms);
  RecordProperty("l_mean_ms", std::to_string(l.mean_delay_ms));
  RecordProperty("c_mean_ms", std::to_string(c.mean_delay_ms));
}

// The columns: at every sample the two queues' lengths add up to the link's
// queue, and their interval delays average, weighted by each queue's
// departures in the interval (its throughput over one 1500-byte packet),
// to the link's delay_ms: the same interval, the same packets.
TEST(DualPi2Queues, ColumnsAreTheLinksSplitByQueue) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(kPragueBesideCubic));
  ASSERT_NE(sim, nullptr);
  const auto col = [&](const char* name) { return testing::Column(*sim, name); };
  const auto q = col("queue_pkts"), lq = col("queue.l.queue_pkts"), cq = col("queue.c.queue_pkts");
  const auto d = col("delay_ms"), ld = col("queue.l.delay_ms"), cd = col("queue.c.delay_ms");
  const auto x = col("throughput_mbps"), lx = col("queue.l.throughput_mbps"), cx = col("queue.c.throughput_mbps");
  ASSERT_EQ(q.size(), 3000u);
  ASSERT_EQ(lq.size(), q.size());
  ASSERT_EQ(cx.size(), q.size());
  const double per_packet_mbps = 1500 * 8e-6 / 0.01;
  int both = 0;
  for (size_t i = 0; i < q.size(); ++i) {
    EXPECT_EQ(lq[i] + cq[i], q[i]) << "sample " << i;
    EXPECT_NEAR(lx[i] + cx[i], x[i], 1e-9) << "sample " << i;
    const double nl = lx[i] / per_packet_mbps, nc = cx[i] / per_packet_mbps;
    if (nl < 0.5 || nc < 0.5) continue;
    ++both;
    EXPECT_NEAR((ld[i] * nl + cd[i] * nc) / (nl + nc), d[i], 1e-9) << "sample " << i;
  }
  EXPECT_GT(both, 2000);
}

}  // namespace
}  // namespace aqmlab
