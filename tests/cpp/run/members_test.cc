// Per-member settings: `rtt_ms` and `start` given as arrays (one entry per
// member, repeating when the group has more members), up to 64 groups, and
// 180 flows with 180 distinct round trips in one group.
#include <gtest/gtest.h>

#include <string>

#include "scenario/group_spec.h"
#include "scenario/scenario.h"
#include "scenario_refusals.h"
#include "test_util.h"

namespace aqmlab {
namespace {

using testing::Refusal;
using testing::ScenarioRefusals;

// A JSON array of `n` numbers a + b k.
std::string Series(int n, double a, double b) {
  std::string out = "[";
  for (int k = 0; k < n; ++k) out += (k ? ", " : "") + std::to_string(a + b * k);
  return out + "]";
}

// 180 flows, flow k with a round trip of 40 + 2k ms and started at 10 k ms.
std::string DistinctDelays() {
  return R"({"duration_s": 30, "warmup_s": 10,
    "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 200},
    "groups": [{"count": 180, "rtt_ms": )" + Series(180, 40, 2) + R"(, "start": )" +
         Series(180, 0, 0.01) + R"(}],
    "sides": [{"aqm": "red"}]})";
}

TEST(ScenarioMembers, OneHundredEightyFlowsGetTheirOwnDelaysAndStartTimes) {
  const Scenario s = testing::ParseOrDie(DistinctDelays());
  ASSERT_EQ(s.groups[0].rtt_list_ms.size(), 180u);
  auto sim = testing::Build(s);
  ASSERT_TRUE(sim);
  const TrafficGroup& g = sim->group(0);
  for (int64_t k = 0; k < 180; ++k) ASSERT_DOUBLE_EQ(g.MemberRttMs(k), 40 + 2.0 * k) << k;
  // Flow k starts at 10 k ms: at 0.905 s flows 0..90 have sent, 91..179 not.
  sim->AdvanceTo(Time::Millis(905));
  for (size_t k = 0; k < 180; ++k) {
    EXPECT_EQ(sim->source(k).stats().segments_sent > 0, k <= 90) << k;
  }
  sim->AdvanceTo(sim->end());
  // Every flow's smoothed RTT is at least its own propagation delay and,
  // over a queue of at most 200 packets (160 ms), not far above it.
  for (size_t k = 0; k < 180; ++k) {
    const double srtt = sim->source(k).srtt().millis();
    EXPECT_GE(srtt, 40 + 2.0 * static_cast<double>(k)) << k;
    EXPECT_LE(srtt, 40 + 2.0 * static_cast<double>(k) + 170) << k;
  }
  EXPECT_GT(sim->summary().utilisation, 0.95);
}

TEST(ScenarioMembers, AShortListRepeatsOverTheMembers) {
  const Scenario s = testing::ParseOrDie(R"({"duration_s": 10, "warmup_s": 2,
    "groups": [{"count": 100, "rtt_ms": [40, 60, 100, 200, 400], "start": [0, 0.5]}]})");
  auto sim = testing::Build(s);
  ASSERT_TRUE(sim);
  // LRED's experiment 1 layout: 20 flows on each of 5 delays.
  const double rtts[] = {40, 60, 100, 200, 400};
  for (int64_t k = 0; k < 100; ++k) ASSERT_DOUBLE_EQ(sim->group(0).MemberRttMs(k), rtts[k % 5]);
  sim->AdvanceTo(Time::Millis(250));
  for (size_t k = 0; k < 100; ++k) EXPECT_EQ(sim->source(k).stats().segments_sent > 0, k % 2 == 0) << k;
}

TEST(ScenarioMembers, ListsSurviveARoundTrip) {
  const Scenario s = testing::ParseOrDie(R"({"groups": [
    {"count": 3, "rtt_ms": [40, 50.5, 60], "start": [0, 0.25, 2]},
    {"kind": "udp_cbr", "rtt_ms": [100]}]})");
  const Scenario back = testing::ParseOrDie(ScenarioToJson(s));
  EXPECT_EQ(back.groups[0].rtt_list_ms, (std::vector<double>{40, 50.5, 60}));
  EXPECT_EQ(back.groups[0].start_list_s, (std::vector<double>{0, 0.25, 2}));
  EXPECT_EQ(back.groups[1].rtt_list_ms, (std::vector<double>{100}));
  EXPECT_EQ(ScenarioToJson(back), ScenarioToJson(s));
}

TEST(ScenarioMembers, SixtyFourGroupsAreAllowedAndSixtyFiveAreNot) {
  auto groups = [](int n) {
    std::string out = R"({"duration_s": 5, "warmup_s": 1, "groups": [)";
    for (int i = 0; i < n; ++i) out += std::string(i ? ", " : "") + R"({"count": 1})";
    return out + "]}";
  };
  const Scenario s = testing::ParseOrDie(groups(64));
  EXPECT_EQ(s.groups.size(), 64u);
  auto sim = testing::RunToEnd(s);
  ASSERT_TRUE(sim);
  EXPECT_EQ(sim->flow_count(), 64u);
  const auto bad = ParseScenario(groups(65));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "groups: must have at most 64 entries");
}

INSTANTIATE_TEST_SUITE_P(
    Members, ScenarioRefusals,
    ::testing::Values(
        Refusal{R"({"groups": [{"rtt_ms": []}]})", "groups[0].rtt_ms: must have at least one entry"},
        Refusal{R"({"groups": [{"rtt_ms": [40, "x"]}]})",
                "groups[0].rtt_ms[1]: must be a number in [0, 10000]"},
        Refusal{R"({"groups": [{"rtt_ms": [40, 10001]}]})",
                "groups[0].rtt_ms[1]: must be in [0, 10000], got 10001"},
        Refusal{R"({"bottleneck": {"delay_ms": 20}, "groups": [{"rtt_ms": [40, 39, 50]}]})",
                "groups[0].rtt_ms[1]: must be at least twice bottleneck.delay_ms (40), got 39"},
        Refusal{R"({"groups": [{"start": [0, -1]}]})",
                "groups[0].start[1]: must be in [0, 3600], got -1"},
        Refusal{R"({"groups": [{"start": "soon"}]})",
                "groups[0].start: must be one of \"together\", \"staggered\", \"random\""}));

}  // namespace
}  // namespace aqmlab
