// The topology's scenario fields: each bad value is refused naming the
// field, the new fields survive a round trip, and live events are checked
// against the topology.
#include <gtest/gtest.h>

#include <string>

#include "scenario_refusals.h"
#include "test_util.h"

namespace aqmlab {
namespace {

using testing::Refusal;
using testing::ScenarioRefusals;

INSTANTIATE_TEST_SUITE_P(
    Topology, ScenarioRefusals,
    ::testing::Values(
        Refusal{R"({"topology": {"kind": "ring"}})",
                "topology.kind: must be one of \"dumbbell\", \"parking_lot\""},
        Refusal{R"({"topology": {"hop2": {"capacity_mbps": 5}}})",
                "topology.hop2: unknown field for kind \"dumbbell\""},
        Refusal{R"({"topology": {"kind": "parking_lot", "hop2": {"capacity_mbps": 0}}})",
                "topology.hop2.capacity_mbps: must be in [0.01, 100000], got 0"},
        Refusal{R"({"topology": {"kind": "parking_lot", "hop2": {"buffer": 5}}})",
                "topology.hop2.buffer: unknown field"},
        Refusal{R"({"groups": [{"path": "hop2"}]})",
                "groups[0].path: \"hop1\" and \"hop2\" need topology.kind \"parking_lot\""},
        // RED's default min_th is a fraction of the buffer: fine at hop 1, not at hop 2.
        Refusal{R"({"topology": {"kind": "parking_lot", "hop2": {"buffer_pkts": 2000}},
                    "sides": [{"aqm": "red", "params": {"max_th": 60}}]})",
                "sides[0].params.min_th: must be below max_th (60), got 500 (at topology.hop2)"},
        Refusal{R"({"topology": {"kind": "parking_lot"}, "groups": [{"path": "hop3"}]})",
                "groups[0].path: must be one of \"through\", \"hop1\", \"hop2\""},
        Refusal{R"({"topology": {"kind": "parking_lot", "hop2": {"delay_ms": 30}},
                    "groups": [{"rtt_ms": {"min": 60, "max": 100}}]})",
                "groups[0].rtt_ms.min: must be at least twice bottleneck.delay_ms + "
                "topology.hop2.delay_ms (80), got 60"},
        Refusal{R"({"topology": {"kind": "parking_lot", "hop2": {"delay_ms": 40}},
                    "groups": [{"path": "hop2", "rtt_ms": {"min": 60, "max": 100}}]})",
                "groups[0].rtt_ms.min: must be at least twice topology.hop2.delay_ms (80), got 60"},
        Refusal{R"({"groups": [{"direction": "up"}]})",
                "groups[0].direction: must be one of \"forward\", \"reverse\""},
        Refusal{R"({"groups": [{"kind": "udp_cbr", "direction": "reverse"}]})",
                "groups[0].direction: unknown field for kind \"udp_cbr\""},
        Refusal{R"({"groups": [{"kind": "http", "direction": "reverse"}]})",
                "groups[0].direction: unknown field for kind \"http\""},
        Refusal{R"({"groups": [{"kind": "http", "mean_page_bytes": 0}]})",
                "groups[0].mean_page_bytes: must be in [1, 1000000000], got 0"},
        Refusal{R"({"groups": [{"kind": "http", "page_law": "lognormal"}]})",
                "groups[0].page_law: must be one of \"exponential\", \"pareto\", \"fixed\""},
        Refusal{R"({"groups": [{"kind": "http", "shape": 1.5}]})",
                "groups[0].shape: only for page_law \"pareto\""},
        Refusal{R"({"groups": [{"kind": "http", "page_law": "pareto", "shape": 1}]})",
                "groups[0].shape: must exceed 1 (the mean must exist), got 1"},
        Refusal{R"({"groups": [{"kind": "http", "mean_think_s": -1}]})",
                "groups[0].mean_think_s: must be in [0, 3600], got -1"},
        Refusal{R"({"groups": [{"kind": "http", "arrival_rate": 3}]})",
                "groups[0].arrival_rate: unknown field for kind \"http\""},
        Refusal{R"({"groups": [{"kind": "http"}],
                    "events": [{"at_s": 1, "kind": "set_rate", "group": 0, "rate": 4000}]})",
                "events[0].rate: must be in [0, 3600], got 4000"},
        Refusal{R"({"events": [{"at_s": 1, "kind": "set_capacity", "mbps": 5, "hop": 2}]})",
                "events[0].hop: 2 needs topology.kind \"parking_lot\""},
        Refusal{R"({"topology": {"kind": "parking_lot"},
                    "events": [{"at_s": 1, "kind": "set_delay", "delay_ms": 5, "hop": 3}]})",
                "events[0].hop: must be in [1, 2], got 3"},
        Refusal{R"({"topology": {"kind": "parking_lot"},
                    "events": [{"at_s": 1, "kind": "set_flows", "group": 0, "count": 5, "hop": 2}]})",
                "events[0].hop: unknown field for kind \"set_flows\""}));

TEST(ScenarioTopology, NewFieldsSurviveTheRoundTrip) {
  const Scenario s = testing::ParseOrDie(R"({"duration_s": 100,
    "topology": {"kind": "parking_lot", "hop2": {"capacity_mbps": 7, "delay_ms": 15, "buffer_pkts": 120}},
    "groups": [
      {"count": 5, "direction": "reverse", "path": "hop2", "rtt_ms": {"min": 40, "max": 80}},
      {"kind": "short_tcp", "direction": "reverse", "path": "through", "rtt_ms": {"min": 60, "max": 80}},
      {"kind": "http", "count": 12, "mean_page_bytes": 3000, "page_law": "pareto", "shape": 1.3,
       "mean_think_s": 2, "path": "hop1", "delayed_ack": true},
      {"kind": "udp_cbr", "path": "hop2"}],
    "events": [{"at_s": 10, "kind": "set_capacity", "mbps": 3, "hop": 2},
               {"at_s": 11, "kind": "set_delay", "delay_ms": 3, "hop": 2},
               {"at_s": 12, "kind": "set_capacity", "mbps": 9},
               {"at_s": 13, "kind": "set_rate", "group": 2, "rate": 0.5}]})");
  ASSERT_EQ(s.groups.size(), 4u);
  EXPECT_EQ(s.groups[0].label, "tcp_reverse");
  EXPECT_EQ(s.groups[1].label, "short_tcp_reverse");
  EXPECT_EQ(s.groups[2].label, "http");
  EXPECT_EQ(s.groups[2].path, PathKind::kHop1);
  const auto& http = std::get<HttpTraffic>(s.groups[2].traffic);
  EXPECT_EQ(http.law, HttpTraffic::PageLaw::kPareto);
  EXPECT_EQ(http.shape, 1.3);
  EXPECT_TRUE(http.tcp.delayed_ack);
  EXPECT_EQ(s.topology.hop2_buffer_pkts, 120);
  EXPECT_EQ(s.events[0].hop, 2);
  EXPECT_EQ(s.events[2].hop, 1);
  const std::string json = ScenarioToJson(s);
  auto back = ParseScenario(json);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(ScenarioToJson(back.value()), json);
  EXPECT_NE(json.find("\"hop\": 2"), std::string::npos);
  EXPECT_NE(json.find("\"direction\": \"reverse\""), std::string::npos);
  EXPECT_NE(json.find("\"page_law\": \"pareto\""), std::string::npos);
  // The hop-2 defaults are the bottleneck's.
  const Scenario d = testing::ParseOrDie(R"({"bottleneck": {"capacity_mbps": 3, "delay_ms": 4, "buffer_pkts": 50},
    "topology": {"kind": "parking_lot"}})");
  EXPECT_EQ(d.topology.hop2_capacity_mbps, 3);
  EXPECT_EQ(d.topology.hop2_delay_ms, 4);
  EXPECT_EQ(d.topology.hop2_buffer_pkts, 50);
}

TEST(ScenarioTopology, LiveEventsAreCheckedAgainstTheTopology) {
  const Scenario dumbbell = testing::ParseOrDie(R"({"groups": [{"kind": "http"}]})");
  auto e = ParseEvent(R"({"kind": "set_delay", "delay_ms": 3, "hop": 2})", dumbbell);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error(), "event.hop: 2 needs topology.kind \"parking_lot\"");
  auto rate = ParseEvent(R"({"kind": "set_rate", "group": 0, "rate": 3})", dumbbell);
  ASSERT_TRUE(rate.ok());
  EXPECT_EQ(rate.value().rate, 3);
  auto sim = testing::Build(dumbbell);
  EXPECT_TRUE(sim->Apply(rate.value()).ok());
  TimelineEvent bad = rate.value();
  bad.kind = EventKind::kSetCapacity;
  bad.mbps = 5;
  bad.hop = 2;
  EXPECT_EQ(sim->Apply(bad).error, "event.hop: 2 needs topology.kind \"parking_lot\"");
}

}  // namespace
}  // namespace aqmlab
