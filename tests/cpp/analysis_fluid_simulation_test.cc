// The fluid model beside the simulator, on one network (60 long-lived flows,
// 200 ms propagation RTT, 15 Mbps of 500-byte packets, buffer 800): where the
// packet-level queue settles is where the model's equilibrium puts it, and
// the simulated loss ratio has the model's p0's size. Measured (seed 1,
// 100 s after a 50 s warm-up): PI mean queue 190 (model 200), loss 0.0038
// against p0 = 0.0080; RED mean queue 87 (model 100), loss 0.0052 against
// 0.0100. The model's p W^2 = 2 asks for about twice the loss the simulated
// NewReno flows need to hold the same windows (ANALYSIS.md): the test
// holds that ratio to [0.3, 0.8], so a change on either side shows.
#include <gtest/gtest.h>

#include "analysis/fluid_model.h"
#include "analysis/scenario_mapping.h"
#include "test_util.h"

namespace aqmlab {
namespace {

constexpr const char* kNetwork = R"({"seed": 1, "duration_s": 150, "warmup_s": 50,
  "bottleneck": {"capacity_mbps": 15, "delay_ms": 10, "buffer_pkts": 800, "packet_bytes": 500},
  "groups": [{"kind": "tcp", "count": 60, "rtt_ms": [200]}],
  "sides": [{"aqm": "pi", "params": {"qref": 200}},
            {"aqm": "red", "params": {"min_th": 50, "max_th": 550, "max_p": 0.1, "wq": 0.0001}}]})";

void Compare(int side, double queue_tolerance) {
  const Scenario s = testing::ParseOrDie(kNetwork);
  const analysis::ScenarioModels m = analysis::MapScenario(s, side);
  const analysis::FluidEquilibrium e = analysis::Equilibrium(m.fluid);
  ASSERT_TRUE(e.q0);
  const Summary sim = testing::RunSummary(kNetwork, side);
  std::printf("  %s: simulated mean queue %.1f, loss %.5f; model q0 %.1f, p0 %.5f\n", m.fluid.aqm.c_str(),
              sim.mean_queue_pkts, sim.loss_ratio, *e.q0, e.p0);
  EXPECT_NEAR(sim.mean_queue_pkts, *e.q0, queue_tolerance * *e.q0);
  EXPECT_GT(sim.loss_ratio / e.p0, 0.3);
  EXPECT_LT(sim.loss_ratio / e.p0, 0.8);
}

TEST(FluidAgainstSimulation, PiHoldsTheQueueAtQrefWithTheModelsLossScale) { Compare(0, 0.1); }
TEST(FluidAgainstSimulation, RedSettlesNearItsCurvesCrossingWithP0) { Compare(1, 0.2); }

}  // namespace
}  // namespace aqmlab
