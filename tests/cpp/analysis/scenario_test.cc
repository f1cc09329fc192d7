// A scenario side mapped to the analysis models (analysis/scenario_mapping.h,
// core-cpp/ANALYSIS.md): N, Tp, C, B and U at t = 0 and their changes over
// the timeline; the queue chain only for open-loop poisson/mmpp traffic,
// equal to the chain solved directly; the JSON result's shape.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/scenario_analysis.h"
#include "analysis/scenario_mapping.h"

namespace aqmlab::analysis {
namespace {

Scenario Parse(const std::string& json) {
  auto s = ParseScenario(json);
  EXPECT_TRUE(s.ok()) << s.error();
  return s.value();
}

TEST(ScenarioMapping, TcpAndOpenLoopOverTheTimeline) {
  const Scenario s = Parse(R"({
    "duration_s": 60,
    "bottleneck": {"capacity_mbps": 10, "buffer_pkts": 300, "packet_bytes": 500},
    "groups": [{"kind": "tcp", "count": 40, "rtt_ms": [50, 150]},
               {"kind": "tcp", "count": 10, "rtt_ms": [100], "start_s": 20},
               {"kind": "poisson", "count": 2, "rate_pps": 100}],
    "sides": [{"aqm": "pi", "params": {"qref": 80}}, {"aqm": "codel"}],
    "events": [{"at_s": 30, "kind": "set_flows", "group": 0, "count": 80},
               {"at_s": 40, "kind": "set_capacity", "mbps": 5},
               {"at_s": 45, "kind": "set_param", "side": 0, "name": "qref", "value": 120}]})");
  const ScenarioModels m = MapScenario(s, 0);
  const FluidInput& f = m.fluid;
  EXPECT_DOUBLE_EQ(f.flows, 40);
  EXPECT_DOUBLE_EQ(f.capacity_pps, 2500);
  EXPECT_DOUBLE_EQ(f.buffer_pkts, 300);
  EXPECT_DOUBLE_EQ(f.open_loop_pps, 200);
  // Harmonic mean over all 50 long-lived flows: 20 at 50 ms, 20 at 150, 10 at 100.
  EXPECT_NEAR(f.prop_rtt_s, 50 / (20 / 0.05 + 20 / 0.15 + 10 / 0.1), 1e-12);
  EXPECT_EQ(f.aqm, "pi");
  EXPECT_DOUBLE_EQ(f.params.at("qref"), 80);
  EXPECT_DOUBLE_EQ(f.params.at("a"), 1.822e-5);  // the default, resolved
  ASSERT_EQ(f.events.size(), 4u);
  EXPECT_DOUBLE_EQ(f.events[0].at_s, 20);
  EXPECT_DOUBLE_EQ(*f.events[0].flows, 50);
  EXPECT_DOUBLE_EQ(*f.events[1].flows, 90);
  EXPECT_DOUBLE_EQ(*f.events[2].capacity_pps, 1250);
  EXPECT_DOUBLE_EQ(f.events[3].params.at("qref"), 120);
  EXPECT_FALSE(m.chain);

  const Json side0 = AnalyzeScenarioSide(s, 0);
  EXPECT_TRUE(side0["ok"].get<bool>());
  EXPECT_TRUE(side0["fluid"].is_object());
  EXPECT_EQ(side0["stability"]["discipline"], "pi");
  EXPECT_EQ(side0["equilibrium"]["q0"], 80.0);
  const Json side1 = AnalyzeScenarioSide(s, 1);
  EXPECT_TRUE(side1["fluid"].is_null());
  EXPECT_EQ(side1["stability"]["verdict"], "none");
  EXPECT_EQ(AnalyzeScenarioSide(s, 2)["error"], "side: must be an integer in [0, 1]");
}

TEST(ScenarioMapping, OpenLoopMmppGetsTheChain) {
  const Scenario s = Parse(R"({
    "duration_s": 30,
    "bottleneck": {"capacity_mbps": 8, "buffer_pkts": 40, "packet_bytes": 1000},
    "groups": [{"kind": "mmpp", "size": "exponential", "packet_bytes": 1000,
                "sources": [{"lambda1": 500, "lambda2": 20, "r12": 1, "r21": 1},
                            {"lambda1": 500, "lambda2": 20, "r12": 1, "r21": 1},
                            {"lambda1": 300, "lambda2": 100, "r12": 2, "r21": 2}]}],
    "sides": [{"aqm": "droptail"}, {"aqm": "red"}, {"aqm": "pi"}]})");
  const ScenarioModels m = MapScenario(s, 0);
  ASSERT_TRUE(m.chain);
  EXPECT_EQ(m.chain->capacity, 41);  // the buffer and the one in transmission
  EXPECT_EQ(m.chain->stages, 1);     // exponential sizes: exponential service
  EXPECT_DOUBLE_EQ(m.chain->service_rate, 1000);
  ASSERT_EQ(m.chain->sources.size(), 2u);  // the two identical sources lumped
  const Json r = AnalyzeScenarioSide(s, 0);
  const auto direct = SolveMmppChain(*m.chain);
  ASSERT_TRUE(direct.ok());
  EXPECT_EQ(r["queue_model"]["phases"], 3 * 2);
  EXPECT_DOUBLE_EQ(r["queue_model"]["loss"].get<double>(), direct.value().loss);
  // Entries in the order the sources come, each named by its members.
  EXPECT_EQ(r["queue_model"]["source_labels"], Json({"mmpp source 1, mmpp source 2", "mmpp source 3"}));
  EXPECT_DOUBLE_EQ(m.chain->sources[0].lambda1, 500);
  EXPECT_EQ(m.chain->sources[0].count, 2);
  EXPECT_EQ(r["queue_model"]["delay_per_source_s"].size(), 2u);
  EXPECT_DOUBLE_EQ(r["mapping"]["open_loop_pps"].get<double>(), 2 * 260.0 + 200);
  EXPECT_TRUE(r["equilibrium"].is_null());  // no TCP flows: W0 = R0 C / N has no N
  EXPECT_EQ(r["stability"]["verdict"], "none");
  // RED's static curve thins arrivals: less loss at the full buffer, some early.
  const Json red = AnalyzeScenarioSide(s, 1);
  ASSERT_TRUE(red["queue_model"].is_object());
  EXPECT_LT(red["queue_model"]["mean_queue"].get<double>(), r["queue_model"]["mean_queue"].get<double>());
  EXPECT_TRUE(AnalyzeScenarioSide(s, 2)["queue_model"].is_null());
}

}  // namespace
}  // namespace aqmlab::analysis
