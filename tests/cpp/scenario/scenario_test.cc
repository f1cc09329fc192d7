#include <gtest/gtest.h>

#include <string>

#include "scenario/scenario.h"
#include "scenario_refusals.h"

namespace aqmlab {
namespace {

using testing::Refusal;
using testing::ScenarioRefusals;

TEST(Scenario, EmptyObjectIsTheDefaultLab) {
  auto s = ParseScenario("{}");
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s.value().capacity_mbps, 10);
  EXPECT_EQ(s.value().buffer_pkts, 200);
  EXPECT_EQ(s.value().packet_bytes, 500);
  ASSERT_EQ(s.value().groups.size(), 1u);
  EXPECT_EQ(s.value().groups[0].count, 50);
  EXPECT_EQ(s.value().groups[0].rtt_min_ms, 40);
  EXPECT_EQ(s.value().groups[0].rtt_max_ms, 200);
  ASSERT_EQ(s.value().sides.size(), 2u);
  EXPECT_EQ(s.value().sides[0].aqm, "droptail");
  EXPECT_EQ(s.value().sides[1].aqm, "red");
}

TEST(Scenario, SerialisedScenarioParsesBackToTheSameJson) {
  Scenario d = DefaultScenario();
  d.events.push_back(TimelineEvent{12.5, EventKind::kSetParam, 0, 0, 1, "max_p", 0.2, 0});
  d.events.push_back(TimelineEvent{20, EventKind::kSetFlows, 0, 80, -1, "", 0, 0});
  GroupSpec udp;
  udp.traffic = OnOffTraffic{};
  udp.label = "udp";
  udp.count = 100;
  udp.start_s = 50;
  udp.stop_s = 150;
  d.groups.push_back(udp);
  TimelineEvent rate{60, EventKind::kSetRate};
  rate.group = 1;
  rate.rate = 0.5;
  TimelineEvent delay{70, EventKind::kSetDelay};
  delay.delay_ms = 25;
  TimelineEvent off{80, EventKind::kGroupOff};
  off.group = 1;
  TimelineEvent on{90, EventKind::kGroupOn};
  on.group = 1;
  d.events.insert(d.events.end(), {rate, delay, off, on});
  d.response = ResponseSpec{100, 0, 0.5};
  d.ecn_mark_p = 0.1;
  d.sides[1].params = {{"max_p", 0.05}};
  const std::string json = ScenarioToJson(d);
  auto back = ParseScenario(json);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(ScenarioToJson(back.value()), json);
}

INSTANTIATE_TEST_SUITE_P(
    Scenario, ScenarioRefusals,
    ::testing::Values(
        Refusal{"{", "scenario: not valid JSON at line 1, column 2: syntax error while parsing object key - "
                     "unexpected end of input; expected string literal"},
        Refusal{"[1]", "scenario: must be an object"},
        Refusal{R"({"seed": -1})", "seed: must be in [0, 9007199254740992], got -1"},
        Refusal{R"({"duration_s": "long"})", "duration_s: must be a number in [0.1, 86400]"},
        Refusal{R"({"duration_s": 1e9})", "duration_s: must be in [0.1, 86400], got 1000000000"},
        Refusal{R"({"warmup_s": 400})", "warmup_s: must be below duration_s (300)"},
        Refusal{R"({"bottleneck": {"capacity_mbps": -5}})",
                "bottleneck.capacity_mbps: must be in [0.01, 100000], got -5"},
        Refusal{R"({"bottleneck": {"buffer_pkts": 2.5}})",
                "bottleneck.buffer_pkts: must be a whole number in [1, 1000000], got 2.5"},
        Refusal{R"({"bottleneck": {"ecn": 1}})", "bottleneck.ecn: must be true or false"},
        Refusal{R"({"response": {"target_pkts": 20, "deviation_tolerance": 0}})",
                "response.deviation_tolerance: must be in [0.01, 10], got 0"},
        Refusal{R"({"bottleneck": {"ecn_mark_p": 1.5}})",
                "bottleneck.ecn_mark_p: must be in [0, 1], got 1.5"},
        Refusal{R"({"bottleneck": {"capacity": 5}})", "bottleneck.capacity: unknown field"},
        Refusal{R"({"colour": "red"})", "colour: unknown field"},
        Refusal{R"({"groups": [{"count": 1000000}]})",
                "groups[0].count: must be in [0, 20000], got 1000000"},
        Refusal{R"({"groups": [{"count": 20000}, {"count": 20000}, {"count": 20000}]})",
                "groups: at most 50000 flows and sources in all, got 60000"},
        Refusal{R"({"groups": [{"rtt_ms": {"min": 10, "max": 100}}]})",
                "groups[0].rtt_ms.min: must be at least twice bottleneck.delay_ms (20), got 10"},
        Refusal{R"({"groups": [{"rtt_ms": {"min": 100, "max": 50}}]})",
                "groups[0].rtt_ms.max: must be at least rtt_ms.min (100)"},
        Refusal{R"({"groups": [{"start": "sometime"}]})",
                "groups[0].start: must be one of \"together\", \"staggered\", \"random\""},
        Refusal{R"({"sides": []})", "sides: must name at least one discipline"},
        Refusal{R"({"sides": [{"aqm": "red", "params": {"max_p": 2}}]})",
                "sides[0].params.max_p: must be in [0, 1], got 2"},
        Refusal{R"({"sides": [{"aqm": "red", "params": {"min_th": 100, "max_th": 50}}]})",
                "sides[0].params.min_th: must be below max_th (50), got 100"},
        Refusal{R"({"sides": [{"aqm": "red", "params": {"wiggle": 1}}]})",
                "sides[0].params.wiggle: no such parameter (known: wq, min_th, max_th, max_p, gentle, byte_mode, wait)"},
        Refusal{R"({"events": [{"at_s": 500, "kind": "set_flows", "group": 0, "count": 3}]})",
                "events[0].at_s: must be in [0, 300], got 500"},
        Refusal{R"({"events": [{"at_s": 5, "kind": "set_flows", "group": 3, "count": 3}]})",
                "events[0].group: must be in [0, 0], got 3"},
        Refusal{R"({"events": [{"at_s": 5, "kind": "explode"}]})",
                "events[0].kind: must be one of \"set_flows\", \"set_param\", \"set_capacity\", "
                "\"set_rate\", \"set_delay\", \"group_on\", \"group_off\""}),
    [](const ::testing::TestParamInfo<Refusal>& info) { return "case" + std::to_string(info.index); });

TEST(Scenario, UnknownDisciplineListsTheKnownOnes) {
  auto s = ParseScenario(R"({"sides": [{"aqm": "magic"}]})");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().rfind("sides[0].aqm: unknown discipline \"magic\" (known: ", 0), 0u);
  EXPECT_NE(s.error().find("droptail"), std::string::npos);
  EXPECT_NE(s.error().find("red"), std::string::npos);
}

TEST(Scenario, EventsAreCheckedAgainstTheScenario) {
  const Scenario s = DefaultScenario();
  EXPECT_TRUE(ParseEvent(R"({"kind": "set_flows", "group": 0, "count": 80})", s).ok());
  auto bad = ParseEvent(R"({"kind": "set_flows", "group": 0})", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event.count: is required");
  bad = ParseEvent(R"({"kind": "set_capacity", "mbps": 0})", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event.mbps: must be in [0.01, 100000], got 0");
  bad = ParseEvent(R"({"kind": "set_param", "name": "bogus", "value": 0.3})", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event.name: \"bogus\" is not a parameter of any side's discipline");
  bad = ParseEvent(R"({"kind": "set_param", "side": 0, "name": "max_p", "value": 0.3})", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event.name: \"max_p\" is not a parameter of droptail (it has none)");
  bad = ParseEvent(R"({"kind": "set_param", "side": 1, "name": "max_p", "value": 3})", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event.value: max_p: must be in [0, 1], got 3");
  EXPECT_TRUE(ParseEvent(R"({"kind": "set_param", "side": 1, "name": "max_p", "value": 0.3})", s).ok());
  bad = ParseEvent("not json", s);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "event: not valid JSON at line 1, column 2: syntax error while parsing value - invalid literal");
}

}  // namespace
}  // namespace aqmlab
