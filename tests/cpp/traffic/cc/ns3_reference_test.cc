// The lab's CUBIC, BBR and DCTCP against ns-3.37's TcpCubic, TcpBbr and
// TcpDctcp on the same small dumbbell (10 Mb/s, 60 ms, 1500 B packets, two
// flows, SACK off): the scenarios are tests/reference/ns3/*_dumbbell.json and
// the ns-3 figures below were recorded with tests/reference/ns3/tcp_dumbbell.cc
// (Debian's libns3-dev 3.37) over seeds 1-3, with SACK off and (the *Sack
// tests) on in both. Regenerate both sides with
//   node tests/reference/ns3/compare-senders.mjs --ns3 <built tcp_dumbbell> \
//     --aqmlab build/native/core-cpp/aqmlab [--ns3-extra=--prr=1] [--sack]
// (build and flags: tests/reference/ns3/README.md). ns-3 is not needed here.
// Only the cases where the two models agree are checked; the cases where
// they differ, and why, are in the controllers' READMEs
// (core-cpp/src/traffic/cc/{cubic,bbr,dctcp}/README.md).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include "test_util.h"

namespace aqmlab {
namespace {

std::string ReferenceText(const std::string& file) {
  std::ifstream in(std::string(AQMLAB_SOURCE_DIR) + "/tests/reference/ns3/" + file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The side named `side` of a reference scenario, averaged over seeds 1-3
// as the recorded ns-3 figures are.
struct Mean {
  double queue = 0, util = 0, goodput = 0, marks = 0, loss = 0;
};

// With `sack`, every TCP group uses SACK, as compare-senders.mjs --sack
// (the reference scenarios turn it off).
Mean LabMean(const std::string& file, const std::string& side, bool sack = false) {
  Scenario s = testing::ParseOrDie(ReferenceText(file));
  if (sack) {
    int tcp_groups = 0;
    for (GroupSpec& g : s.groups) {
      if (auto* tcp = std::get_if<TcpTraffic>(&g.traffic)) {
        tcp->tcp.sack = true;
        ++tcp_groups;
      }
    }
    EXPECT_GT(tcp_groups, 0) << file;
  }
  int index = -1;
  for (size_t i = 0; i < s.sides.size(); ++i) {
    if (s.sides[i].name == side) index = static_cast<int>(i);
  }
  EXPECT_GE(index, 0) << side;
  Mean m;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    s.seed = seed;
    auto sim = testing::RunToEnd(s, index);
    if (!sim) return m;
    const Summary r = sim->summary();
    m.queue += r.mean_queue_pkts / 3;
    m.util += r.utilisation / 3;
    m.goodput += r.goodput_mbps / 3;
    m.marks += r.mark_ratio / 3;
    m.loss += r.loss_ratio / 3;
  }
  return m;
}

// DCTCP, marking every arrival that finds 10 packets or more (ns-3: RED with
// MinTh = MaxTh = 9 on its queue disc plus the device's packet, QW 1, no
// hard drop). ns-3: mean queue 8.2, utilisation 0.999, marks 0.236, no loss.
TEST(Ns3Reference, DctcpHoldsTheSameQueueAndMarkRatioAsNs3) {
  const Mean lab = LabMean("dctcp_dumbbell.json", "Step K 10");
  EXPECT_NEAR(lab.queue, 8.2, 0.1 * 8.2);
  EXPECT_NEAR(lab.marks, 0.236, 0.1 * 0.236);
  EXPECT_GE(lab.util, 0.99);
  EXPECT_EQ(lab.loss, 0);
  RecordProperty("lab_queue", std::to_string(lab.queue));
  RecordProperty("lab_marks", std::to_string(lab.marks));
}

// BBR behind 4 BDPs of FIFO (no loss after Startup in either). ns-3: mean
// queue 50.8, utilisation 0.973. ns-3's send quantum is one segment (its
// SetSendQuantum: no TSO), the lab's two below 24 Mb/s (the draft's), so each
// flow's inflight cap, 2 BDP_i + 3 quanta, is 3 segments higher in the lab
// and two flows stand 6 packets higher: compare with 50.8 + 6.
TEST(Ns3Reference, BbrStandsOneBdpAndTheQuantaAboveThePipeAsNs3) {
  const Mean lab = LabMean("bbr_dumbbell.json", "FIFO 200");
  EXPECT_NEAR(lab.queue, 50.8 + 6, 0.1 * (50.8 + 6));
  EXPECT_NEAR(lab.util, 0.973, 0.02);
  EXPECT_EQ(lab.loss, 0);
  RecordProperty("lab_queue", std::to_string(lab.queue));
}

// CUBIC behind a fifth of a BDP, against ns-3 with its default recovery
// (PRR; `--prr=1`), which keeps its retransmission timer from firing where
// its classic recovery does not (see cubic/README.md). ns-3: mean queue 6.0,
// utilisation 0.992, goodput 9.92 Mb/s, loss 0.0010.
TEST(Ns3Reference, CubicInAShallowFifoFillsTheLinkAsNs3) {
  const Mean lab = LabMean("cubic_dumbbell.json", "FIFO 10");
  EXPECT_NEAR(lab.queue, 6.0, 0.15 * 6.0);
  EXPECT_NEAR(lab.util, 0.992, 0.02);
  EXPECT_NEAR(lab.goodput, 9.92, 0.2);
  EXPECT_LT(lab.loss, 0.002);
  RecordProperty("lab_queue", std::to_string(lab.queue));
}

// CUBIC with SACK, one BDP and a fifth of one of FIFO: both models keep the
// link full with about one loss in 1,300 packets (ns-3 with its classic
// recovery: mean queue 42.0 and 5.7, utilisation 0.999 and 0.994, loss
// 0.0008 in both).
TEST(Ns3Reference, CubicWithSackFillsTheLinkAsNs3) {
  const Mean deep = LabMean("cubic_dumbbell.json", "FIFO 50", true);
  EXPECT_NEAR(deep.queue, 42.0, 0.1 * 42.0);
  EXPECT_NEAR(deep.util, 0.999, 0.01);
  EXPECT_NEAR(deep.loss, 0.0008, 0.0003);
  const Mean shallow = LabMean("cubic_dumbbell.json", "FIFO 10", true);
  EXPECT_NEAR(shallow.queue, 5.7, 0.15 * 5.7);
  EXPECT_NEAR(shallow.util, 0.994, 0.01);
  EXPECT_NEAR(shallow.loss, 0.0008, 0.0003);
  RecordProperty("lab_queue_fifo50", std::to_string(deep.queue));
  RecordProperty("lab_queue_fifo10", std::to_string(shallow.queue));
}

// DCTCP with SACK: nothing is lost, so SACK changes nothing (ns-3 as
// without: mean queue 8.2, marks 0.236).
TEST(Ns3Reference, DctcpWithSackHoldsTheSameQueueAsNs3) {
  const Mean lab = LabMean("dctcp_dumbbell.json", "Step K 10", true);
  EXPECT_NEAR(lab.queue, 8.2, 0.1 * 8.2);
  EXPECT_NEAR(lab.marks, 0.236, 0.1 * 0.236);
  EXPECT_EQ(lab.loss, 0);
}

}  // namespace
}  // namespace aqmlab
