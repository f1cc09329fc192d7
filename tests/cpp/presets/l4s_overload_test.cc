// The L4S overload preset (public/presets/teach-l4s-overload.json): an
// unresponsive UDP source that claims ECT(1) sends 50 Mb/s into DualPI2's L
// queue on a 40 Mb/s link, beside one Prague and two CUBIC flows. RFC 9332
// sec. 4.2.3: once k p' > 1 the L queue drops with the Classic queue's p_C
// instead of only marking, so the L queue's delay stays bounded and the
// Classic flows keep a share; without it (Linux's drop_on_overload off) the
// L queue fills the shared buffer and the Classic flows are starved.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"

namespace aqmlab {
namespace {

enum Side { kDropOnOverload, kNoOverloadDrop };

TEST(PresetL4sOverload, DroppingOnOverloadBoundsTheLQueueAndKeepsTheClassicFlowsAlive) {
  const std::string json = testing::PresetText("teach-l4s-overload");
  const Scenario scenario = testing::ParseOrDie(json);
  ASSERT_EQ(scenario.sides.size(), 2u);
  const double target_ms = 15;  // Linux's default, both sides

  auto sim = testing::RunToEnd(scenario, kDropOnOverload);
  ASSERT_NE(sim, nullptr);
  const Summary on = sim->summary();
  const Summary off = testing::RunSummary(json, kNoOverloadDrop);
  ASSERT_EQ(on.queues.size(), 2u);
  const double packet_mbps = 1500 * 8e-6 / on.measured_s;

  // The codepoint puts the UDP packets in the L queue: its throughput is the
  // UDP's and Prague's.
  EXPECT_NEAR(testing::QueueOf(on, "l").throughput_mbps,
              testing::ClassOf(on, "udp-ect1").throughput_mbps + testing::ClassOf(on, "prague").throughput_mbps,
              packet_mbps);
  // Overload engaged: L packets were dropped, not only marked.
  const auto& q = sim->bottleneck().disc();
  std::vector<double> signals(q.descriptor().signals.size());
  q.ReadSignals(signals);
  EXPECT_GT(signals[7], 1000);  // overload_drops

  // Measured (seed 1): L queue mean 1.5 ms, p99 24 ms; CUBIC 0.53 Mb/s.
  // Without the overload drop: the L queue at the full buffer (2000 packets
  // of 1500 B at 40 Mb/s, 600 ms), CUBIC 0.
  EXPECT_LT(testing::QueueOf(on, "l").mean_delay_ms, target_ms);
  EXPECT_LT(testing::QueueOf(on, "l").p99_delay_ms, 2 * target_ms);
  EXPECT_GT(testing::ClassOf(on, "cubic").throughput_mbps, 0.25);
  EXPECT_GT(testing::QueueOf(off, "l").mean_delay_ms, 0.8 * 600);
  EXPECT_LT(testing::ClassOf(off, "cubic").throughput_mbps, 0.05);
  EXPECT_NEAR(testing::QueueOf(off, "l").throughput_mbps, 40, 0.1);
}

TEST(PresetL4sOverload, AUdpSourceTakesTheCodepointItIsGiven) {
  const std::string base = R"({"version": 1, "duration_s": 2, "warmup_s": 0,
    "bottleneck": {"capacity_mbps": 10, "ecn": true},
    "groups": [{"kind": "udp_cbr", "count": 1, "rate_mbps": 1, "codepoint": )";
  const std::string end = R"(}], "sides": [{"name": "D", "aqm": "dualpi2", "params": {}}]})";
  const Summary l = testing::RunSummary(base + R"("ect1")" + end);
  const Summary c = testing::RunSummary(base + R"("ect0")" + end);
  ASSERT_EQ(l.queues.size(), 2u);
  EXPECT_GT(testing::QueueOf(l, "l").departures, 200);
  EXPECT_EQ(testing::QueueOf(l, "c").departures, 0);
  EXPECT_EQ(testing::QueueOf(c, "l").departures, 0);
  EXPECT_GT(testing::QueueOf(c, "c").departures, 200);
  const auto bad = ParseScenario(base + R"("ect2")" + end);
  ASSERT_FALSE(bad.ok());
  const std::string refused = bad.error();
  EXPECT_NE(refused.find("codepoint"), std::string::npos) << refused;
  EXPECT_NE(refused.find("ect1"), std::string::npos) << refused;
}

}  // namespace
}  // namespace aqmlab
