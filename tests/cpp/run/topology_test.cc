// Reverse traffic sharing the ACK path, the parking lot, and per-class loss
// of TCP classes (the checks and round trip of their fields are in
// run/topology_fields_test.cc).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "aqm_harness.h"
#include "net/queue_disc.h"
#include "test_util.h"

namespace aqmlab {
namespace {

const LinkSummary* LinkOf(const Summary& s, const std::string& name) {
  for (const LinkSummary& l : s.links) {
    if (l.name == name) return &l;
  }
  return nullptr;
}

void ExpectConserved(const QueueDisc& q, const char* what) {
  const QueueCounters& c = q.counters();
  EXPECT_EQ(c.arrivals, c.departures + c.drops_total() + q.packets()) << what;
  EXPECT_GT(c.departures, 0) << what;
}

bool HasColumn(const Simulation& sim, const std::string& name) {
  for (const std::string& c : sim.metrics().columns()) {
    if (c == name) return true;
  }
  return false;
}

// 20 long-lived flows forward, and optionally 20 the other way.
std::string TwoWay(bool reverse) {
  return std::string(R"({"duration_s": 40, "warmup_s": 10, "seed": 3,
    "bottleneck": {"capacity_mbps": 10, "delay_ms": 20, "buffer_pkts": 200},
    "sides": [{"aqm": "droptail"}, {"aqm": "red"}, {"aqm": "pie"}],
    "groups": [{"count": 20, "rtt_ms": {"min": 60, "max": 200}})") +
         (reverse ? R"(, {"count": 20, "rtt_ms": {"min": 60, "max": 200}, "direction": "reverse"}]})"
                  : "]}");
}

TEST(ScenarioReverse, WithoutReverseGroupsTheWayBackStaysAPipe) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(TwoWay(false)));
  EXPECT_EQ(sim->reverse_queue(), nullptr);
  EXPECT_EQ(sim->hop2(), nullptr);
  EXPECT_FALSE(HasColumn(*sim, "reverse.queue_pkts"));
  EXPECT_TRUE(sim->summary().links.empty());
  EXPECT_EQ(SummaryToJson(sim->summary(), "a", "b").find("\"reverse\""), std::string::npos);
}

TEST(ScenarioReverse, ReverseTrafficDisturbsTheForwardSide) {
  for (int side = 0; side < 3; ++side) {
    auto one = testing::RunToEnd(testing::ParseOrDie(TwoWay(false)), side);
    auto two = testing::RunToEnd(testing::ParseOrDie(TwoWay(true)), side);
    const Summary a = one->summary();
    const Summary b = two->summary();
    // ACKs queue behind reverse data and leave in compressed bursts: the
    // forward queue swings more and the forward flows deliver less. Queue
    // s.d. measured (seed 3): drop-tail 44.7 -> 49.0, RED 30.2 -> 44.7,
    // PIE 25.9 -> 62.3 packets; drop-tail's own sawtooth leaves it the
    // smallest margin.
    EXPECT_GT(b.queue_sd_pkts, a.queue_sd_pkts * 1.05) << "side " << side;
    EXPECT_LT(testing::ClassOf(b, "tcp").goodput_mbps, 0.95 * testing::ClassOf(a, "tcp").goodput_mbps) << "side " << side;
    // Both queues conserve packets.
    ASSERT_NE(two->reverse_queue(), nullptr);
    ExpectConserved(two->bottleneck().disc(), "forward");
    ExpectConserved(two->reverse_queue()->disc(), "reverse");
  }
}

TEST(ScenarioReverse, ReverseFlowsGetTheirGoodputAndTheirAcksCrossTheAqm) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(TwoWay(true)), 1);
  const Summary s = sim->summary();
  const ClassSummary& back = testing::ClassOf(s, "tcp_reverse");  // the default class of reverse tcp
  const ClassSummary& fwd = testing::ClassOf(s, "tcp");
  EXPECT_GT(back.goodput_mbps, 7);
  // Its throughput is counted where its data queues first: the reverse link.
  EXPECT_NEAR(back.throughput_mbps, back.goodput_mbps, 0.05 * back.goodput_mbps);
  ASSERT_TRUE(back.loss_ratio.has_value());
  EXPECT_GT(*back.loss_ratio, 0);
  // The bottleneck's goodput is the forward classes' only.
  EXPECT_NEAR(s.goodput_mbps, fwd.goodput_mbps, 1e-9);
  // The forward link carries the reverse flows' ACKs (40 B per 500 B
  // segment) besides the forward data.
  EXPECT_NEAR(s.throughput_mbps - fwd.throughput_mbps, back.throughput_mbps * 40 / 500, 0.1);
  const LinkSummary* rev = LinkOf(s, "reverse");
  ASSERT_NE(rev, nullptr);
  EXPECT_GT(rev->utilisation, 0.9);
  EXPECT_GT(rev->drops, 0);
  // Reverse data plus forward ACKs leave the reverse queue.
  EXPECT_NEAR(rev->throughput_mbps, back.throughput_mbps + fwd.throughput_mbps * 40 / 500, 0.1);
  EXPECT_TRUE(HasColumn(*sim, "reverse.queue_pkts"));
  EXPECT_TRUE(HasColumn(*sim, "reverse.utilisation"));
  EXPECT_NE(SummaryToJson(s, "a", "b").find("\"reverse\":{\"mean_queue_pkts\""), std::string::npos);
  // Fairness is over the forward flows only, and `flows` counts both ways.
  EXPECT_EQ(testing::Column(*sim, "flows").back(), 40);
}

TEST(ScenarioReverse, ReverseShortFlowsComplete) {
  const Summary s = testing::RunSummary(R"({"duration_s": 30, "warmup_s": 5,
    "groups": [{"count": 10}, {"kind": "short_tcp", "arrival_rate": 5, "direction": "reverse"}]})");
  const ClassSummary& web = testing::ClassOf(s, "short_tcp_reverse");
  ASSERT_TRUE(web.completions.has_value());
  EXPECT_GT(web.completions->count, 80);
  EXPECT_GT(web.goodput_mbps, 0.1);
}

// Three groups of 10 flows with the same 100 ms RTT: one over both hops,
// one over each hop alone. Both hops 10 Mb/s.
constexpr const char* kParkingLot = R"({"duration_s": 60, "warmup_s": 15, "seed": 2,
  "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 200},
  "topology": {"kind": "parking_lot", "hop2": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 200}},
  "groups": [{"count": 10, "rtt_ms": {"min": 100, "max": 100}, "class": "long"},
             {"count": 10, "rtt_ms": {"min": 100, "max": 100}, "path": "hop1", "class": "cross1"},
             {"count": 10, "rtt_ms": {"min": 100, "max": 100}, "path": "hop2", "class": "cross2"}],
  "sides": [{"aqm": "droptail"}, {"aqm": "red"}, {"aqm": "pie"}]})";

TEST(ScenarioParkingLot, LongFlowsGetLessThanCrossFlows) {
  for (int side = 0; side < 3; ++side) {
    auto sim = testing::RunToEnd(testing::ParseOrDie(kParkingLot), side);
    const Summary s = sim->summary();
    const double longer = testing::ClassOf(s, "long").goodput_mbps;
    const double cross1 = testing::ClassOf(s, "cross1").goodput_mbps;
    const double cross2 = testing::ClassOf(s, "cross2").goodput_mbps;
    // Two congested hops: a long flow sees about twice the loss of a cross
    // flow, so (square-root law) it gets clearly less.
    EXPECT_LT(longer, 0.8 * cross1) << "side " << side;
    EXPECT_LT(longer, 0.8 * cross2) << "side " << side;
    EXPECT_GT(*testing::ClassOf(s, "long").loss_ratio, *testing::ClassOf(s, "cross1").loss_ratio) << "side " << side;
    // Each hop is full and shared by its groups.
    EXPECT_NEAR(longer + cross1, 10 * s.utilisation, 0.3) << "side " << side;
    const LinkSummary* hop2 = LinkOf(s, "hop2");
    ASSERT_NE(hop2, nullptr);
    EXPECT_GT(hop2->utilisation, 0.9);
    EXPECT_NEAR(longer + cross2, 10 * hop2->utilisation, 0.3) << "side " << side;
    // The top-level goodput is the first hop's classes'.
    EXPECT_NEAR(s.goodput_mbps, longer + cross1, 1e-9);
    ASSERT_NE(sim->hop2(), nullptr);
    ExpectConserved(sim->bottleneck().disc(), "hop 1");
    ExpectConserved(sim->hop2()->disc(), "hop 2");
  }
}

TEST(ScenarioParkingLot, EachHopRunsItsOwnInstanceAndHasItsColumns) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(kParkingLot), 1);
  for (const char* c : {"hop2.queue_pkts", "hop2.delay_ms", "hop2.utilisation", "hop2.p",
                        "hop2.throughput_mbps", "hop2.drops", "hop2.aqm.avg"}) {
    EXPECT_TRUE(HasColumn(*sim, c)) << c;
  }
  const auto p1 = testing::Column(*sim, "p");
  const auto p2 = testing::Column(*sim, "hop2.p");
  ASSERT_EQ(p1.size(), p2.size());
  EXPECT_NE(p1, p2);  // separate state
  const std::string json = SummaryToJson(sim->summary(), "a", "red");
  EXPECT_NE(json.find("\"hop2\":{\"mean_queue_pkts\""), std::string::npos);
  EXPECT_EQ(json.find("\"reverse\""), std::string::npos);
}

TEST(ScenarioParkingLot, CapacityAndDelayEventsActOnHopOneUnlessTold) {
  std::string json = kParkingLot;
  json.pop_back();
  json += R"(, "events": [{"at_s": 20, "kind": "set_capacity", "mbps": 5},
                          {"at_s": 40, "kind": "set_capacity", "mbps": 4, "hop": 2},
                          {"at_s": 40, "kind": "set_delay", "delay_ms": 5, "hop": 2}]})";
  auto sim = testing::RunToEnd(testing::ParseOrDie(json), 0);
  auto mean = [&](const char* column, double from, double to) {
    return testing::MeanOver(*sim, column, from, to);
  };
  EXPECT_NEAR(mean("throughput_mbps", 10, 20), 10, 0.2);
  EXPECT_NEAR(mean("throughput_mbps", 21, 60), 5, 0.1);  // hop 1 from 20 s
  EXPECT_GT(mean("hop2.throughput_mbps", 21, 40), 9.0);       // hop 2 untouched then
  EXPECT_NEAR(mean("hop2.throughput_mbps", 41, 60), 4, 0.1);
  EXPECT_EQ(sim->hop2()->rate_bps(), 4e6);
  EXPECT_EQ(sim->hop2()->delay().ns(), Time::Millis(5).ns());
  EXPECT_EQ(sim->bottleneck().delay().ns(), Time::Millis(10).ns());
}

TEST(ScenarioParkingLot, SetParamReachesBothHops) {
  std::string json = kParkingLot;
  json.pop_back();
  json += R"(, "events": [{"at_s": 5, "kind": "set_param", "name": "max_p", "value": 0.3}]})";
  auto sim = testing::RunToEnd(testing::ParseOrDie(json), 1);
  EXPECT_EQ(sim->bottleneck().disc().GetParam("max_p"), 0.3);
  EXPECT_EQ(sim->hop2()->disc().GetParam("max_p"), 0.3);
}

TEST(ScenarioParkingLot, ReverseTrafficQueuesOnBothWaysBack) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(R"({"duration_s": 20, "warmup_s": 5,
    "topology": {"kind": "parking_lot"},
    "groups": [{"count": 10}, {"count": 10, "direction": "reverse", "path": "hop2"}]})"));
  ASSERT_NE(sim->reverse_queue(2), nullptr);
  ASSERT_NE(sim->reverse_queue(1), nullptr);
  const Summary s = sim->summary();
  ASSERT_NE(LinkOf(s, "hop2.reverse"), nullptr);
  EXPECT_GT(LinkOf(s, "hop2.reverse")->utilisation, 0.8);   // reverse data of hop 2
  EXPECT_LT(LinkOf(s, "reverse")->utilisation, 0.2);        // only the forward flows' ACKs
  EXPECT_GT(testing::ClassOf(s, "tcp_reverse").goodput_mbps, 7);
  ExpectConserved(sim->reverse_queue(2)->disc(), "hop 2 reverse");
}

// Per-class loss of TCP classes: each class's drops, at every queue, over
// the data it sent. Reconstructed per class, the drops add up to the queue's.
TEST(ScenarioClassLoss, TcpClassDropsAddUpToTheQueueDrops) {
  const Summary s = testing::RunSummary(R"({"duration_s": 60, "warmup_s": 10,
    "sides": [{"aqm": "droptail"}],
    "groups": [{"count": 20, "rtt_ms": {"min": 40, "max": 60}, "class": "near"},
               {"count": 20, "rtt_ms": {"min": 200, "max": 300}, "class": "far"},
               {"kind": "short_tcp", "arrival_rate": 5}]})");
  double drops = 0;
  for (const ClassSummary& c : s.classes) {
    ASSERT_TRUE(c.loss_ratio.has_value()) << c.name;
    // Packets that left the queue, and those dropped: l / (1 - l) of them.
    const double departed = c.throughput_mbps * s.measured_s / 8e-6 / 500;
    drops += departed * *c.loss_ratio / (1 - *c.loss_ratio);
    EXPECT_GT(*c.loss_ratio, 0) << c.name;
  }
  const double queue = static_cast<double>(s.drops_overflow + s.drops_early + s.drops_forced);
  EXPECT_NEAR(drops, queue, 0.02 * queue);
  // Short RTTs grab more of the link at drop-tail, and more of its drops.
  EXPECT_GT(testing::ClassOf(s, "near").goodput_mbps, testing::ClassOf(s, "far").goodput_mbps);
}

TEST(ScenarioClassLoss, EcnMarksAreNotLosses) {
  const Summary s = testing::RunSummary(R"({"duration_s": 30, "warmup_s": 5,
    "bottleneck": {"ecn": true}, "sides": [{"aqm": "red"}],
    "groups": [{"count": 20, "ecn": true}]})");
  EXPECT_GT(s.marks, 0);
  ASSERT_TRUE(s.classes[0].loss_ratio.has_value());
  EXPECT_NEAR(*s.classes[0].loss_ratio,
              static_cast<double>(s.drops_overflow + s.drops_early + s.drops_forced) /
                  static_cast<double>(s.arrivals),
              2e-4);
}

// The drop hook itself: each drop is seen once, with its packet and reason.
TEST(QueueDropHook, SeesEveryDropWithItsPacket) {
  struct Log final : QueueDisc::DropObserver {
    void OnDrop(const Packet& p, DropReason r) override {
      flows.push_back(p.flow);
      reasons.push_back(r);
    }
    std::vector<int32_t> flows;
    std::vector<DropReason> reasons;
  };
  testing::QueueHarness q("droptail", {}, 3);
  Log log;
  q.disc().set_drop_observer(&log);
  for (int32_t k = 0; k < 5; ++k) q.Arrive(k);
  EXPECT_EQ(log.flows, (std::vector<int32_t>{3, 4}));
  EXPECT_EQ(log.reasons, (std::vector<DropReason>{DropReason::kOverflow, DropReason::kOverflow}));
  EXPECT_EQ(q.disc().packets(), 3);
  q.ExpectBalanced();  // the dropped packets went back to the pool
}

}  // namespace
}  // namespace aqmlab
