// Flow queueing's purpose in a closed loop: TCP flows share a 10 Mb/s link
// with an unresponsive UDP flow sending 12 Mb/s. A single queue, however
// its AQM drops (PIE, COBALT), hands the link to UDP, since TCP backs off at
// every signal and UDP does not; flow queueing (FQ-PIE, FQ-CoDel, CAKE)
// serves each flow its own round, so TCP keeps close to its fair share.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "class_goodput.h"
#include "test_util.h"

namespace aqmlab {
namespace {

// `tcp` TCP flows (RTT 60 ms) and the flood, through the given sides.
std::string Flood(int tcp, const std::string& sides) {
  return R"({"seed": 1, "duration_s": 40, "warmup_s": 10,
  "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 1000, "packet_bytes": 1500},
  "groups": [{"kind": "tcp", "count": )" +
         std::to_string(tcp) + R"(, "rtt_ms": [60], "class": "tcp"},
             {"kind": "udp_cbr", "rate_mbps": 12, "class": "udp"}],
  "sides": [)" + sides + "]}";
}

const std::string kOneTcp = Flood(
    1, R"({"aqm": "fq_pie"}, {"aqm": "fq_codel"}, {"aqm": "pie"}, {"aqm": "cobalt"}, {"aqm": "cake"})");

// Measured (seed 1): TCP 4.79 Mb/s under FQ-PIE, 4.19 under FQ-CoDel
// (whose UDP queue overflows: CoDel cannot drop 58% of a flow), 4.05
// under CAKE (the flood's queue overflows early, and BLUE, stepped up at
// each overflow, then holds it); 0.002 under PIE and 0.26 under COBALT.
// One TCP flow leaves its queue empty at times, and the flood takes the
// link then.
TEST(FlowIsolation, FlowQueueingShieldsTcpFromUnresponsiveUdp) {
  for (int side : {0, 1, 4}) {
    const Summary s = testing::RunSummary(kOneTcp, side);
    EXPECT_GT(testing::ClassGoodput(s, "tcp"), 4.0) << "side " << side;  // fair share: 5
    EXPECT_LT(testing::ClassGoodput(s, "udp"), 6.0) << "side " << side;
    EXPECT_GT(s.utilisation, 0.99) << "side " << side;
  }
  for (int side : {2, 3}) {
    const Summary s = testing::RunSummary(kOneTcp, side);
    EXPECT_LT(testing::ClassGoodput(s, "tcp"), 0.5) << "side " << side;
    EXPECT_GT(testing::ClassGoodput(s, "udp"), 9.4) << "side " << side;
  }
}

// CAKE with four TCP flows: fair shares of 2 Mb/s a flow, 8 for the TCP
// flows together; the flood may not take more than its share by more than
// a tenth of the link. Each TCP flow's own queue is held by COBALT, so its
// packets' mean wait lies between half the target (5 ms) and three
// targets. The flow-queue view (active queues, the largest one's backlog)
// is recorded with the run: between three and five queues active on
// average (the flood's always, a TCP flow's at most times), the largest
// queue's backlog never more than the whole queue's.
// Measured (seed 1): UDP 2.29 Mb/s, TCP 7.71, TCP mean delay 6.5 ms,
// 3.76 queues active on average.
TEST(FlowIsolation, CakeGivesTheFloodItsShareAndTcpItsTarget) {
  const std::string json = Flood(4, R"({"aqm": "cake"})");
  const Summary s = testing::RunSummary(json);
  EXPECT_LT(testing::ClassGoodput(s, "udp"), 2.0 + 1.0);
  EXPECT_GT(testing::ClassGoodput(s, "tcp"), 8.0 - 1.0);
  EXPECT_GT(s.utilisation, 0.99);
  const ClassSummary& tcp = testing::ClassOf(s, "tcp");
  ASSERT_TRUE(tcp.delay.has_value());
  EXPECT_GT(tcp.delay->mean_ms, 2.5);
  EXPECT_LT(tcp.delay->mean_ms, 15.0);

  auto sim = testing::RunToEnd(testing::ParseOrDie(json));
  ASSERT_NE(sim, nullptr);
  const double flows = testing::MeanOver(*sim, "aqm.active_flows", 10, 40);
  EXPECT_GT(flows, 3.0);
  EXPECT_LT(flows, 4.5);  // the TCP flows' queues empty at times
  // The largest queue's backlog is a part of the whole queue at every sample.
  const std::vector<double> largest = testing::Column(*sim, "aqm.largest_flow_pkts");
  const std::vector<double> queue = testing::Column(*sim, "queue_pkts");
  ASSERT_FALSE(largest.empty());
  ASSERT_EQ(largest.size(), queue.size());
  for (size_t i = 0; i < largest.size(); ++i) EXPECT_LE(largest[i], queue[i]) << "sample " << i;
  EXPECT_GT(testing::MeanOver(*sim, "aqm.largest_flow_pkts", 10, 40), 5.0);
}

// The flow-queue view of FQ-PIE, FQ-CoDel and CAKE beside the flood and
// one TCP flow: the largest flow queue's backlog is part of the whole
// queue at every sample, and it is the flood's, which holds most of the
// queue. Measured (seed 1, 10..40 s), mean largest queue of mean queue:
// FQ-PIE 9.2 of 13.3 packets, FQ-CoDel 741 of 742 (CoDel cannot hold the
// flood, whose queue overflows), CAKE 4.5 of 5.6.
TEST(FlowIsolation, TheLargestFlowQueueIsTheFloods) {
  for (const char* aqm : {"fq_pie", "fq_codel", "cake"}) {
    SCOPED_TRACE(aqm);
    auto sim = testing::RunToEnd(testing::ParseOrDie(Flood(1, std::string(R"({"aqm": ")") + aqm + "\"}")));
    ASSERT_NE(sim, nullptr);
    const std::vector<double> largest = testing::Column(*sim, "aqm.largest_flow_pkts");
    const std::vector<double> queue = testing::Column(*sim, "queue_pkts");
    ASSERT_FALSE(largest.empty());
    ASSERT_EQ(largest.size(), queue.size());
    for (size_t i = 0; i < largest.size(); ++i) ASSERT_LE(largest[i], queue[i]) << "sample " << i;
    const double mean_largest = testing::MeanOver(*sim, "aqm.largest_flow_pkts", 10, 40);
    const double mean_queue = testing::MeanOver(*sim, "queue_pkts", 10, 40);
    EXPECT_GT(mean_largest, 0.5 * mean_queue);
    // Two flows, so at most two queues hold packets.
    for (double flows : testing::Column(*sim, "aqm.active_flows")) ASSERT_LE(flows, 2.0);
  }
}

}  // namespace
}  // namespace aqmlab
