// Per-side settings the papers need: a side's own buffer (MSC's experiment 4
// gives AVQ 20 packets against MSC's 200) and a mid-run switch of discipline
// that keeps the queue (AutoRED runs RED or ARED for 11 s, then AutoRED).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "scenario/scenario.h"
#include "scenario_refusals.h"
#include "test_util.h"

namespace aqmlab {
namespace {

using testing::Refusal;
using testing::ScenarioRefusals;

constexpr const char* kOwnBuffers = R"({"duration_s": 30, "warmup_s": 10,
  "bottleneck": {"buffer_pkts": 200},
  "groups": [{"count": 60}],
  "sides": [{"aqm": "droptail"}, {"aqm": "droptail", "buffer_pkts": 20},
            {"aqm": "red", "buffer_pkts": 400}]})";

TEST(ScenarioSideSetup, EachSideHasItsOwnBuffer) {
  const Scenario s = testing::ParseOrDie(kOwnBuffers);
  const int64_t buffers[] = {200, 20, 400};
  for (int side = 0; side < 3; ++side) {
    auto sim = testing::RunToEnd(s, side);
    ASSERT_TRUE(sim);
    EXPECT_EQ(sim->bottleneck().disc().link().buffer_packets, buffers[side]) << side;
    const auto q = testing::Column(*sim, "queue_pkts");
    const double peak = *std::max_element(q.begin(), q.end());
    EXPECT_LE(peak, static_cast<double>(buffers[side])) << side;
    // Drop-tail fills whatever buffer it has.
    if (side < 2) EXPECT_GE(peak, static_cast<double>(buffers[side]) - 1) << side;
  }
  // RED's thresholds default to B/4 and 3B/4 of the side's own buffer.
  auto red = testing::Build(s, 2);
  EXPECT_EQ(red->bottleneck().disc().GetParam("min_th"), 100);
  EXPECT_EQ(red->bottleneck().disc().GetParam("max_th"), 300);
}

// AutoRED's paper: RED until 11 s, then AutoRED over it, the queue kept.
constexpr const char* kSwitch = R"({"duration_s": 20, "warmup_s": 5,
  "bottleneck": {"buffer_pkts": 240, "packet_bytes": 1500},
  "groups": [{"count": 100, "rtt_ms": {"min": 40, "max": 580}}],
  "sides": [{"aqm": "red", "params": {"wq": 0.0004, "min_th": 40, "max_th": 120, "max_p": 0.02},
             "switch_to": {"at_s": 11, "aqm": "autored",
                           "params": {"wq": 0.0004, "min_th": 40, "max_th": 120, "max_p": 0.02}}}],
  "events": [{"at_s": 15, "kind": "set_param", "side": 0, "name": "base", "value": 1}]})";

TEST(ScenarioSideSetup, AMidRunSwitchKeepsTheQueuedPackets) {
  auto sim = testing::Build(testing::ParseOrDie(kSwitch));
  ASSERT_TRUE(sim);
  EXPECT_EQ(sim->bottleneck().disc().descriptor().name, "red");
  sim->AdvanceTo(Time::Seconds(11));  // the switch acts after everything due at 11 s
  const QueueDisc& now = sim->bottleneck().disc();
  EXPECT_EQ(now.descriptor().name, "autored");
  // Compare with the same run stopped just before the switch instant: the
  // same packets wait, and the counters go on from where RED left them.
  auto before = testing::Build(testing::ParseOrDie(kSwitch));
  before->AdvanceTo(Time::Seconds(11) - Time::Nanos(1));
  const QueueDisc& red = before->bottleneck().disc();
  ASSERT_EQ(red.descriptor().name, "red");
  EXPECT_GT(red.packets(), 40);  // a standing queue to keep
  EXPECT_EQ(now.packets(), red.packets());
  EXPECT_EQ(now.bytes(), red.bytes());
  EXPECT_EQ(now.counters().arrivals, red.counters().arrivals);
  EXPECT_EQ(now.counters().drops_total(), red.counters().drops_total());
  // Nothing is lost at the switch: arrivals = departures + drops + queue.
  sim->AdvanceTo(sim->end());
  const QueueCounters& c = sim->bottleneck().disc().counters();
  EXPECT_EQ(c.arrivals, c.departures + c.drops_total() + sim->bottleneck().disc().packets());
  // AutoRED ran: its weight signal exists from 11 s on, NaN before; RED's
  // average column goes on (AutoRED has one of the same name).
  const auto w = testing::Column(*sim, "aqm.w");
  const auto t = testing::Column(*sim, "t");
  ASSERT_EQ(w.size(), t.size());
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] < 10.999) {
      EXPECT_TRUE(std::isnan(w[i])) << t[i];
    } else if (t[i] > 11.001) {
      EXPECT_FALSE(std::isnan(w[i])) << t[i];
    }
  }
  // The set_param at 15 s reached the discipline running then.
  EXPECT_EQ(sim->bottleneck().disc().GetParam("base"), 1);
  EXPECT_GT(sim->summary().utilisation, 0.95);
}

TEST(ScenarioSideSetup, SettingsSurviveARoundTrip) {
  const Scenario s = testing::ParseOrDie(kSwitch);
  const Scenario back = testing::ParseOrDie(ScenarioToJson(s));
  ASSERT_TRUE(back.sides[0].switch_to.has_value());
  EXPECT_EQ(back.sides[0].switch_to->aqm, "autored");
  EXPECT_EQ(back.sides[0].switch_to->at_s, 11);
  EXPECT_EQ(ScenarioToJson(back), ScenarioToJson(s));
  const Scenario own = testing::ParseOrDie(kOwnBuffers);
  EXPECT_EQ(testing::ParseOrDie(ScenarioToJson(own)).sides[1].buffer_pkts, 20);
}

INSTANTIATE_TEST_SUITE_P(
    Sides, ScenarioRefusals,
    ::testing::Values(
        Refusal{R"({"sides": [{"aqm": "red", "buffer_pkts": 0}]})",
                "sides[0].buffer_pkts: must be in [1, 1000000], got 0"},
        Refusal{R"({"sides": [{"aqm": "red", "buffer_pkts": 20, "params": {"min_th": 30}}]})",
                "sides[0].params.min_th: must be below max_th (15), got 30"},
        Refusal{R"({"sides": [{"aqm": "red", "switch_to": {"aqm": "pie"}}]})",
                "sides[0].switch_to.at_s: is required"},
        Refusal{R"({"duration_s": 20, "sides": [{"aqm": "red", "switch_to": {"at_s": 30, "aqm": "pie"}}]})",
                "sides[0].switch_to.at_s: must be in [0, 20], got 30"},
        Refusal{R"({"sides": [{"aqm": "red", "switch_to": {"at_s": 1, "aqm": "nope"}}]})",
                "sides[0].switch_to.aqm: unknown discipline \"nope\" (known: ", true},
        Refusal{R"({"sides": [{"aqm": "red", "switch_to": {"at_s": 1, "aqm": "pie", "params": {"wq": 1}}}]})",
                "sides[0].switch_to.params.wq: no such parameter (known: ", true},
        Refusal{R"({"topology": {"kind": "parking_lot"},
                    "sides": [{"aqm": "red", "switch_to": {"at_s": 1, "aqm": "pie"}}]})",
                "sides[0].switch_to: only with topology.kind \"dumbbell\""}));

}  // namespace
}  // namespace aqmlab
