// The timeline of a scenario side as the fluid model sees it
// (analysis/scenario_mapping.h): a group's stop_s and group_off / group_on
// change N(t) and U(t); set_delay on hop 1 moves Tp by twice the change
// (both directions of the hop, every round trip crosses it twice), change
// after change; switch_to gives the new discipline with its parameters
// resolved, and the fluid trajectory follows the new law from that time.
#include <gtest/gtest.h>

#include <cmath>

#include "aqm/red/red_theory.h"
#include "analysis/fluid_model.h"
#include "analysis/scenario_mapping.h"

namespace aqmlab::analysis {
namespace {

Scenario Parse(const std::string& json) {
  auto s = ParseScenario(json);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error());
  return s.ok() ? s.value() : Scenario{};
}

// 10 Mb/s of 500-byte packets: 2500 packets/s; 1 Mb/s of CBR: 250 packets/s.
constexpr const char* kTimeline = R"({
  "duration_s": 100,
  "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 400, "packet_bytes": 500},
  "groups": [{"kind": "tcp", "count": 40, "rtt_ms": [100]},
             {"kind": "tcp", "count": 20, "rtt_ms": [100], "stop_s": 60},
             {"kind": "udp_cbr", "count": 1, "rate_mbps": 1, "rtt_ms": [100]}],
  "sides": [{"aqm": "pi", "params": {"qref": 80, "a": 1.822e-4, "b": 1.816e-4},
             "switch_to": {"at_s": 50, "aqm": "red", "params": {"min_th": 150, "max_th": 350, "max_p": 0.2}}}],
  "events": [{"at_s": 20, "kind": "group_off", "group": 0},
             {"at_s": 30, "kind": "group_on", "group": 0},
             {"at_s": 35, "kind": "group_off", "group": 2},
             {"at_s": 40, "kind": "set_delay", "delay_ms": 30},
             {"at_s": 70, "kind": "set_delay", "delay_ms": 5}]})";

TEST(ScenarioMappingTimeline, GroupsDelaysAndTheSwitchInTimeOrder) {
  const ScenarioModels m = MapScenario(Parse(kTimeline), 0);
  const FluidInput& f = m.fluid;
  EXPECT_DOUBLE_EQ(f.flows, 60);
  EXPECT_DOUBLE_EQ(f.open_loop_pps, 250);
  EXPECT_DOUBLE_EQ(f.capacity_pps, 2500);
  EXPECT_NEAR(f.prop_rtt_s, 0.1, 1e-12);
  EXPECT_EQ(f.aqm, "pi");
  ASSERT_EQ(f.events.size(), 7u);
  const auto& e = f.events;
  // 20 s: group 0 off (40 flows go); 30 s: on again.
  EXPECT_DOUBLE_EQ(e[0].at_s, 20);
  EXPECT_DOUBLE_EQ(*e[0].flows, 20);
  EXPECT_DOUBLE_EQ(*e[0].open_loop_pps, 250);
  EXPECT_DOUBLE_EQ(*e[1].flows, 60);
  // 35 s: the CBR group off: no open-loop rate left.
  EXPECT_DOUBLE_EQ(*e[2].open_loop_pps, 0);
  EXPECT_DOUBLE_EQ(*e[2].flows, 60);
  // 40 s: hop 1 from 10 to 30 ms one way: every round trip 40 ms longer.
  EXPECT_DOUBLE_EQ(e[3].at_s, 40);
  ASSERT_TRUE(e[3].prop_rtt_s);
  EXPECT_NEAR(*e[3].prop_rtt_s, 0.14, 1e-12);
  EXPECT_FALSE(e[3].aqm);
  // 50 s: switch_to red, its parameters as given and the rest resolved.
  EXPECT_DOUBLE_EQ(e[4].at_s, 50);
  ASSERT_TRUE(e[4].aqm);
  EXPECT_EQ(*e[4].aqm, "red");
  EXPECT_DOUBLE_EQ(e[4].params.at("min_th"), 150);
  EXPECT_DOUBLE_EQ(e[4].params.at("max_p"), 0.2);
  EXPECT_TRUE(e[4].params.count("wq"));
  EXPECT_FALSE(e[4].prop_rtt_s);
  // 60 s: group 1's stop_s.
  EXPECT_DOUBLE_EQ(e[5].at_s, 60);
  EXPECT_DOUBLE_EQ(*e[5].flows, 40);
  // 70 s: from 30 down to 5 ms: 50 ms shorter round trips, from 0.14 s.
  EXPECT_NEAR(*e[6].prop_rtt_s, 0.09, 1e-12);
}

TEST(ScenarioMappingTimeline, TheFluidLawChangesAtTheSwitch) {
  // 120 flows: PI (ten times Hollot et al.'s gains) holds the queue at qref =
  // 80 until 50 s; then RED takes over, its curve 0 below 150, and the queue
  // moves up to where the curve meets p0 (about 245 packets here).
  Scenario s = Parse(kTimeline);
  s.events.clear();
  s.groups.resize(1);
  s.groups[0].count = 120;
  const ScenarioModels m = MapScenario(s, 0);
  ASSERT_EQ(m.fluid.events.size(), 1u);
  auto run = RunFluidModel(m.fluid);
  ASSERT_TRUE(run.ok()) << run.error();
  const FluidTrajectory& t = run.value();
  auto at = [&](double when) {
    size_t i = 0;
    while (i + 1 < t.t.size() && t.t[i + 1] <= when) ++i;
    return t.queue_pkts[i];
  };
  FluidInput red = m.fluid;
  red.aqm = "red";
  red.params = *m.fluid.events[0].aqm == "red" ? m.fluid.events[0].params : ParamValues{};
  const FluidEquilibrium after = Equilibrium(red);
  ASSERT_TRUE(after.q0);
  EXPECT_GT(*after.q0, 150);
  EXPECT_NEAR(at(49.9), 80, 1);       // PI's reference, up to the switch
  EXPECT_GT(at(55), 100);             // RED's curve is 0 below 150: the queue climbs at once
  // At rest under RED: its curve at q gives p, and p / (1 - p)^2 = 2 N^2 / (R C)^2
  // (the closed form's q0 ignores the (1 - p) of admitted packets: 6% higher here).
  const double q = t.queue_pkts.back(), p = t.p.back(), r = q / 2500 + 0.1;
  EXPECT_NEAR(at(90), q, 0.05);
  EXPECT_NEAR(aqmlab::red::CurveAt(red.params, q), p, 1e-4);
  EXPECT_NEAR(p / ((1 - p) * (1 - p)), 2 * 120.0 * 120 / (r * 2500 * r * 2500), 1e-3 * p);
  EXPECT_NEAR(q, *after.q0, 0.1 * *after.q0);
  EXPECT_GT(q, 150);
}

}  // namespace
}  // namespace aqmlab::analysis
