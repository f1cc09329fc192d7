// The scenario's window chart (`window_chart`): the traced flows' columns,
// what they hold, that asking for them changes no other column, and the
// refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "scenario_refusals.h"
#include "test_util.h"

namespace aqmlab {
namespace {

using testing::Refusal;
using testing::ScenarioRefusals;

// NewReno from the start, BBR (which paces) from 5 s.
constexpr const char* kRenoThenBbr = R"({
  "version": 1, "seed": 5, "duration_s": 20, "warmup_s": 2,
  "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 100, "packet_bytes": 1000},
  "groups": [
    {"kind": "tcp", "class": "reno", "count": 2, "rtt_ms": {"min": 40, "max": 40}},
    {"kind": "tcp", "class": "bbr", "count": 2, "variant": "bbr", "rtt_ms": {"min": 40, "max": 40},
     "start_s": 5}
  ],
  "window_chart": {},
  "sides": [{"name": "FIFO", "aqm": "droptail", "params": {}}]
})";

TEST(WindowChart, TracesTheFirstFlowOfEachTcpGroupByDefault) {
  const Scenario sc = testing::ParseOrDie(kRenoThenBbr);
  ASSERT_TRUE(sc.window_chart);
  EXPECT_EQ(sc.window_chart->flows, (std::vector<TracedFlow>{{0, 0}, {1, 0}}));
  auto sim = testing::Build(sc);
  ASSERT_NE(sim, nullptr);
  const std::vector<std::string>& names = sim->metrics().columns();
  // Last of all, a pacing column only for the controller that paces.
  const std::vector<std::string> tail(names.end() - 3, names.end());
  EXPECT_EQ(tail, (std::vector<std::string>{"flow.0.0.cwnd_pkts", "flow.1.0.cwnd_pkts", "flow.1.0.pacing_mbps"}));
}

// Each sample holds the flow's window (and pacing rate) at the sample's time:
// read straight from the sender after advancing to a sample time. Before
// its group starts, the flow's columns are NaN.
TEST(WindowChart, HoldsTheSendersWindowAndPacingRate) {
  auto sim = testing::Build(testing::ParseOrDie(kRenoThenBbr));
  ASSERT_NE(sim, nullptr);
  ASSERT_TRUE(sim->AdvanceTo(Time::Seconds(4.5)).ok());
  EXPECT_TRUE(std::isnan(testing::Column(*sim, "flow.1.0.cwnd_pkts").back()));
  EXPECT_TRUE(std::isnan(testing::Column(*sim, "flow.1.0.pacing_mbps").back()));
  EXPECT_EQ(testing::Column(*sim, "flow.0.0.cwnd_pkts").back(), sim->source(0).cwnd());
  for (const double t : {7.5, 12.5, 19.0}) {
    ASSERT_TRUE(sim->AdvanceTo(Time::Seconds(t)).ok());
    EXPECT_EQ(testing::Column(*sim, "t").back(), t);
    // Flow ids: group 0's two flows first, then group 1's when it starts.
    EXPECT_EQ(testing::Column(*sim, "flow.0.0.cwnd_pkts").back(), sim->source(0).cwnd()) << t;
    EXPECT_EQ(testing::Column(*sim, "flow.1.0.cwnd_pkts").back(), sim->source(2).cwnd()) << t;
    EXPECT_DOUBLE_EQ(testing::Column(*sim, "flow.1.0.pacing_mbps").back(),
                     sim->source(2).pacing_rate() * 1000 * 8e-6) << t;
  }
}

// A lone BBR v1 flow paces at its bandwidth estimate times a gain that
// cycles through 1.25, 0.75 and six 1s (mean 1): on average, the bottleneck's rate.
TEST(WindowChart, ALoneBbrFlowPacesAtTheBottleneckRateOnAverage) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(R"({
    "version": 1, "seed": 1, "duration_s": 30, "warmup_s": 2,
    "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 200, "packet_bytes": 1000},
    "groups": [{"kind": "tcp", "count": 1, "variant": "bbr", "rtt_ms": {"min": 40, "max": 40}}],
    "window_chart": {"flows": [{"group": 0, "flow": 0}]},
    "sides": [{"name": "FIFO", "aqm": "droptail", "params": {}}]
  })"));
  ASSERT_NE(sim, nullptr);
  EXPECT_NEAR(testing::MeanOver(*sim, "flow.0.0.pacing_mbps", 10, 30), 10.0, 1.0);
}

// Asking for the chart adds columns and changes none of the others.
TEST(WindowChart, LeavesEveryOtherColumnAsItWas) {
  Scenario with = testing::ParseOrDie(kRenoThenBbr);
  Scenario without = with;
  without.window_chart.reset();
  auto a = testing::RunToEnd(with);
  auto b = testing::RunToEnd(without);
  ASSERT_TRUE(a && b);
  const auto& names = b->metrics().columns();
  ASSERT_EQ(a->metrics().columns().size(), names.size() + 3);
  for (size_t c = 0; c < names.size(); ++c) {
    ASSERT_EQ(a->metrics().columns()[c], names[c]);
    const auto x = a->metrics().batch()[c];
    const auto y = b->metrics().batch()[c];
    ASSERT_EQ(x.size(), y.size());
    EXPECT_EQ(std::memcmp(x.data(), y.data(), x.size() * sizeof(double)), 0) << names[c];
  }
}

TEST(WindowChart, GoesBackIntoTheScenarioAsWritten) {
  const Scenario sc = testing::ParseOrDie(kRenoThenBbr);
  const Scenario again = testing::ParseOrDie(ScenarioToJson(sc));
  ASSERT_TRUE(again.window_chart);
  EXPECT_EQ(again.window_chart->flows, sc.window_chart->flows);
  EXPECT_FALSE(testing::ParseOrDie(ScenarioToJson(testing::ParseOrDie("{}"))).window_chart);
}

INSTANTIATE_TEST_SUITE_P(
    WindowChart, ScenarioRefusals,
    ::testing::Values(
        Refusal{R"({"groups": [{"kind": "udp_cbr", "count": 1, "rate_mbps": 1}], "window_chart": {}})",
                "window_chart: needs a long-lived TCP group (kind \"tcp\") with flows to trace"},
        Refusal{R"({"groups": [{"kind": "tcp", "count": 3}], "window_chart": {"flows": [{"group": 0, "flow": 3}]}})",
                "window_chart.flows[0].flow: must be in [0, 2], got 3"},
        Refusal{R"({"groups": [{"kind": "tcp", "count": 3}], "window_chart": {"flows": [{"group": 1}]}})",
                "window_chart.flows[0].group: must be in [0, 0], got 1"},
        Refusal{R"({"groups": [{"kind": "tcp", "count": 3}, {"kind": "poisson", "count": 2}],
                    "window_chart": {"flows": [{"group": 1}]}})",
                "window_chart.flows[0].group: must name a long-lived TCP group (kind \"tcp\"); groups[1] is \"poisson\""},
        Refusal{R"({"groups": [{"kind": "tcp", "count": 0}], "window_chart": {"flows": [{"group": 0}]}})",
                "window_chart.flows[0].group: names groups[0], which has no flows"},
        Refusal{R"({"groups": [{"kind": "tcp", "count": 3}], "window_chart": {"flows": [{"flow": 1}]}})",
                "window_chart.flows[0].group: is required"},
        Refusal{R"({"groups": [{"kind": "tcp", "count": 3}],
                    "window_chart": {"flows": [{"group": 0}, {"group": 0, "flow": 0}]}})",
                "window_chart.flows[1]: names the same flow as an earlier entry"},
        Refusal{R"({"groups": [{"kind": "tcp", "count": 20}], "window_chart": {"flows": [
                    {"group": 0, "flow": 0}, {"group": 0, "flow": 1}, {"group": 0, "flow": 2},
                    {"group": 0, "flow": 3}, {"group": 0, "flow": 4}, {"group": 0, "flow": 5},
                    {"group": 0, "flow": 6}, {"group": 0, "flow": 7}, {"group": 0, "flow": 8}]}})",
                "window_chart.flows: must have at most 8 entries"},
        Refusal{R"({"window_chart": {"flows": []}})",
                "window_chart.flows: must name at least one flow (or be left out)"},
        Refusal{R"({"window_chart": {"flow": [{"group": 0}]}})", "window_chart.flow: unknown field", true}));

}  // namespace
}  // namespace aqmlab
