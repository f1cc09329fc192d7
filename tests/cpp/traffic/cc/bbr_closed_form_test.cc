// BBR's closed forms in simulation. Alone on a 10 Mb/s drop-tail link with
// a 100 ms round trip (a BDP of 250 packets of 500 B) and a buffer of four
// BDPs, one flow keeps the link busy (pacing at the estimated bottleneck
// rate leaves no idle gaps, and loss does not cut it back) and its queue
// short: its window caps data in flight at cwnd_gain x BDP plus three send
// quanta, so the standing queue is at most (cwnd_gain - 1) BDP + 6 = 256
// packets; alone, pacing at the bottleneck rate keeps it near empty but for
// the 1.25 probing phase (a quarter BDP and its quanta, 69 packets, drained
// by the 0.75 phase). Two flows of the same round trip share equally
// (Cardwell et al. 2016) and, each overestimating its share of the
// bandwidth, both sit at their caps: a standing queue of about one BDP.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "class_goodput.h"
#include "test_util.h"

namespace aqmlab {
namespace {


constexpr double kBdp = 250;  // packets: 2500 packets/s x 100 ms

TEST(BbrClosedForms, OneFlowFillsADeepFifoWithAShortQueue) {
  // ProbeRTT leaves the link part idle for 200 ms and a round every 10 s
  // (the law's cost, about 3%); otherwise pacing keeps it busy.
  const Summary s = testing::RunSummary(R"({"duration_s": 80, "warmup_s": 20, "seed": 1,
    "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 1000, "packet_bytes": 500},
    "groups": [{"kind": "tcp", "variant": "bbr", "count": 1, "rtt_ms": [100], "start": [0]}],
    "sides": [{"aqm": "droptail"}]})");
  EXPECT_GE(s.utilisation, 0.95);
  // The probing phase's quarter BDP bounds the queue nearly always; the
  // inflight cap, one BDP and six segments, always.
  EXPECT_LE(s.p95_queue_pkts, kBdp / 4 + 6);
  EXPECT_LE(s.transient.max_queue_pkts, kBdp + 6);
  EXPECT_EQ(s.drops_overflow, 0);  // the deep buffer never fills
  RecordProperty("utilisation", std::to_string(s.utilisation));
  RecordProperty("mean_queue_pkts", std::to_string(s.mean_queue_pkts));
  RecordProperty("p95_queue_pkts", std::to_string(s.p95_queue_pkts));
}

TEST(BbrClosedForms, TwoFlowsOfEqualRttShareWithinTwentyPercent) {
  // The second flow joins 2 s after the first, into a link already full;
  // shares are measured over 60..120 s, after ProbeRTT has drained the
  // queue together a few times (with both flows held by their windows,
  // probing alone moves shares slowly: 5.7 against 4.0 Mb/s over 20..80 s).
  const std::string two = R"({"duration_s": 120, "warmup_s": 60, "seed": 1,
    "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 1000, "packet_bytes": 500},
    "groups": [
      {"kind": "tcp", "class": "first", "variant": "bbr", "count": 1, "rtt_ms": [100], "start": [0]},
      {"kind": "tcp", "class": "second", "variant": "bbr", "count": 1, "rtt_ms": [100], "start": [2]}],
    "sides": [{"aqm": "droptail"}]})";
  const Summary s = testing::RunSummary(two);
  const double first = testing::ClassGoodput(s, "first");
  const double second = testing::ClassGoodput(s, "second");
  EXPECT_GE(std::min(first, second) / std::max(first, second), 0.8);
  // Jain's index of two shares in the ratio r is (1 + r)^2 / (2 (1 + r^2)),
  // 0.9878 at r = 0.8.
  EXPECT_GE(s.fairness, 1.8 * 1.8 / (2 * 1.64));
  // Together they fill the pipe and, both at their cap, keep the queue
  // the cap allows: (cwnd_gain - 1) BDP and their quanta.
  EXPECT_GE(s.utilisation, 0.95);
  EXPECT_LE(s.mean_queue_pkts, kBdp + 12);
  RecordProperty("share_ratio", std::to_string(std::min(first, second) / std::max(first, second)));
}

}  // namespace
}  // namespace aqmlab
