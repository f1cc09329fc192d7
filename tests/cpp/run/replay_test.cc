// Replay: a run steered by live Apply() calls equals, bit for bit, a run of
// the scenario that carries the same events at the same times (what the page
// records from its sliders). And determinism over every group kind.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "test_util.h"

namespace aqmlab {
namespace {

constexpr const char* kMixed = R"({"duration_s": 20, "warmup_s": 2, "seed": 9,
  "groups": [
    {"kind": "tcp", "count": 30, "start": "random", "rtt_spread": "random", "class": "ftp"},
    {"kind": "onoff", "count": 10, "peak_mbps": 0.3, "mean_on_s": 0.5, "mean_off_s": 0.5},
    {"kind": "short_tcp", "arrival_rate": 5, "paths": 2, "class": "web"},
    {"kind": "udp_cbr", "rate_mbps": 1, "class": "cbr"},
    {"kind": "poisson", "rate_pps": 50, "size": "exponential", "start_s": 3, "stop_s": 15},
    {"kind": "mmpp", "sources": [{"lambda1": 100, "lambda2": 10, "r12": 2, "r21": 2}]},
    {"kind": "video", "count": 2, "mean_frame_bytes": 2000, "random_phase": true}],
  "sides": [{"aqm": "red"}, {"aqm": "pie"}]})";

// The events of the recorded run, as the page would send them, with times.
struct Timed {
  double at_s;
  const char* json;
};
const Timed kEvents[] = {
    {4.5, R"({"kind": "set_rate", "group": 3, "rate": 2})"},
    {6.25, R"({"kind": "set_delay", "delay_ms": 20})"},
    {7, R"({"kind": "group_off", "group": 1})"},
    {7, R"({"kind": "set_rate", "group": 2, "rate": 12})"},
    {9.01, R"({"kind": "group_on", "group": 1})"},
    {10, R"({"kind": "set_flows", "group": 0, "count": 50})"},
    {11.333, R"({"kind": "set_capacity", "mbps": 8})"},
    {12, R"({"kind": "set_param", "name": "max_p", "value": 0.2})"},
    {13, R"({"kind": "set_rate", "group": 5, "rate": 300})"},
    {14, R"({"kind": "set_flows", "group": 3, "count": 3})"},
    {16, R"({"kind": "set_rate", "group": 6, "rate": 0.2})"},
    {17, R"({"kind": "group_off", "group": 0})"},
};

template <size_t N>
std::string WithEvents(std::string json, const Timed (&timed)[N]) {
  std::string events = R"(, "events": [)";
  bool first = true;
  for (const Timed& e : timed) {
    std::string body = e.json;
    body.erase(0, 1);  // the leading brace
    events += (first ? "" : ", ") + std::string(R"({"at_s": )") + std::to_string(e.at_s) + ", " + body;
    first = false;
  }
  json.pop_back();
  return json + events + "]}";
}

std::string WithEvents(const std::string& json) { return WithEvents(json, kEvents); }

// Live: the worker advances in slices and applies each event when the run
// has reached its time; the result must equal a run of the recorded file.
template <size_t N>
void ExpectLiveRunReplays(const char* base_json, const Timed (&timed)[N]) {
  const Scenario base = testing::ParseOrDie(base_json);
  const Scenario recorded = testing::ParseOrDie(WithEvents(base_json, timed));
  ASSERT_EQ(recorded.events.size(), N);
  for (int side = 0; side < static_cast<int>(base.sides.size()); ++side) {
    auto live = testing::Build(base, side);
    Time next = Time::Millis(370);
    for (const Timed& e : timed) {
      const Time at = Time::Seconds(e.at_s);
      for (; next < at; next += Time::Millis(370)) live->AdvanceTo(next);
      live->AdvanceTo(at);
      auto event = ParseEvent(e.json, base);
      ASSERT_TRUE(event.ok()) << event.error();
      ASSERT_TRUE(live->Apply(event.value()).ok()) << e.json;
    }
    live->AdvanceTo(live->end());
    auto replay = testing::RunToEnd(recorded, side);
    EXPECT_TRUE(testing::BitIdentical(live->metrics().batch(), replay->metrics().batch())) << "side " << side;
    EXPECT_EQ(live->loop().events_processed(), replay->loop().events_processed());
    const std::string name = base.sides[side].name;
    EXPECT_EQ(SummaryToJson(live->summary(), name, base.sides[side].aqm),
              SummaryToJson(replay->summary(), name, base.sides[side].aqm));
  }
}

TEST(ScenarioReplay, LiveEventsReplayBitForBitFromTheScenario) { ExpectLiveRunReplays(kMixed, kEvents); }

// A parking lot with reverse traffic and HTTP sessions on every path.
constexpr const char* kTopology = R"({"duration_s": 20, "warmup_s": 2, "seed": 4,
  "topology": {"kind": "parking_lot", "hop2": {"capacity_mbps": 8, "delay_ms": 5}},
  "groups": [
    {"kind": "tcp", "count": 10, "start": "random", "class": "long"},
    {"kind": "tcp", "count": 10, "path": "hop2", "direction": "reverse"},
    {"kind": "http", "count": 30, "path": "hop1", "mean_page_bytes": 5000},
    {"kind": "short_tcp", "arrival_rate": 4, "direction": "reverse", "path": "through"},
    {"kind": "poisson", "rate_pps": 200, "path": "hop2"}],
  "sides": [{"aqm": "red"}, {"aqm": "codel"}]})";

const Timed kTopologyEvents[] = {
    {3.3, R"({"kind": "set_rate", "group": 2, "rate": 0.2})"},
    {4, R"({"kind": "set_capacity", "mbps": 6, "hop": 2})"},
    {5.5, R"({"kind": "set_delay", "delay_ms": 15, "hop": 2})"},
    {6, R"({"kind": "set_flows", "group": 2, "count": 60})"},
    {7.25, R"({"kind": "group_off", "group": 2})"},
    {8, R"({"kind": "set_flows", "group": 1, "count": 20})"},
    {9.5, R"({"kind": "group_on", "group": 2})"},
    {10, R"({"kind": "set_capacity", "mbps": 12})"},
    {11, R"({"kind": "set_delay", "delay_ms": 4})"},
    {12, R"({"kind": "set_rate", "group": 3, "rate": 10})"},
    {13, R"({"kind": "group_off", "group": 1})"},
    {15, R"({"kind": "set_flows", "group": 2, "count": 5})"},
};

TEST(ScenarioReplay, TopologyAndNewKindsReplayBitForBit) { ExpectLiveRunReplays(kTopology, kTopologyEvents); }

TEST(ScenarioReplay, TopologyEventsChangeTheRun) {
  auto plain = testing::RunToEnd(testing::ParseOrDie(kTopology));
  auto steered = testing::RunToEnd(testing::ParseOrDie(WithEvents(kTopology, kTopologyEvents)));
  EXPECT_FALSE(testing::BitIdentical(plain->metrics().batch(), steered->metrics().batch()));
  auto again = testing::RunToEnd(testing::ParseOrDie(kTopology));
  EXPECT_TRUE(testing::BitIdentical(plain->metrics().batch(), again->metrics().batch()));
  EXPECT_EQ(steered->hop2()->rate_bps(), 6e6);
}

TEST(ScenarioReplay, TheEventsChangeTheRun) {
  // Guards the test above against events that do nothing.
  auto plain = testing::RunToEnd(testing::ParseOrDie(kMixed));
  auto steered = testing::RunToEnd(testing::ParseOrDie(WithEvents(kMixed)));
  EXPECT_FALSE(testing::BitIdentical(plain->metrics().batch(), steered->metrics().batch()));
  const auto flows = testing::Column(*steered, "flows");
  const auto t = testing::Column(*steered, "t");
  for (size_t i = 0; i < t.size(); ++i) {
    const double expected = t[i] <= 10 + 1e-9 ? 30 : t[i] <= 17 + 1e-9 ? 50 : 0;
    ASSERT_EQ(flows[i], expected) << "t=" << t[i];
  }
}

TEST(ScenarioReplay, SameSeedSameSummaryOverEveryKind) {
  const std::string json = WithEvents(kMixed);
  for (int side = 0; side < 2; ++side) {
    auto a = testing::RunToEnd(testing::ParseOrDie(json), side);
    auto b = testing::RunToEnd(testing::ParseOrDie(json), side);
    EXPECT_EQ(SummaryToJson(a->summary(), "x", "y"), SummaryToJson(b->summary(), "x", "y"));
    EXPECT_TRUE(testing::BitIdentical(a->metrics().batch(), b->metrics().batch()));
  }
  Scenario other = testing::ParseOrDie(json);
  other.seed = 10;
  auto a = testing::RunToEnd(testing::ParseOrDie(json));
  auto c = testing::RunToEnd(other);
  EXPECT_NE(a->summary().series_hash, c->summary().series_hash);
}

TEST(ScenarioReplay, SummaryCarriesEveryClassInOrderOfFirstUse) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(R"({"duration_s": 10, "warmup_s": 1,
    "groups": [{"class": "a"}, {"kind": "udp_cbr", "class": "b"}, {"kind": "poisson", "class": "a"},
               {"kind": "short_tcp", "class": "c"}]})"));
  const Summary s = sim->summary();
  ASSERT_EQ(s.classes.size(), 3u);
  EXPECT_EQ(s.classes[0].name, "a");
  EXPECT_EQ(s.classes[1].name, "b");
  EXPECT_EQ(s.classes[2].name, "c");
  ASSERT_TRUE(s.classes[0].loss_ratio.has_value());  // TCP and Poisson mixed: drops / sent
  EXPECT_GE(*s.classes[0].loss_ratio, 0);
  EXPECT_TRUE(s.classes[1].loss_ratio.has_value());
  EXPECT_TRUE(s.classes[2].completions.has_value());
  EXPECT_FALSE(s.classes[0].completions.has_value());
  EXPECT_FALSE(s.response_time_s.has_value());
  double sum = 0;
  for (const ClassSummary& c : s.classes) sum += c.goodput_mbps;
  EXPECT_NEAR(sum, s.goodput_mbps, 1e-9);
  // The columns: one goodput and one throughput series per class.
  EXPECT_FALSE(testing::Column(*sim, "class.b.goodput_mbps").empty());
  EXPECT_FALSE(testing::Column(*sim, "class.c.throughput_mbps").empty());
  const std::string json = SummaryToJson(s, "side", "droptail");
  EXPECT_NE(json.find(R"("classes":[{"name":"a")"), std::string::npos);
  EXPECT_NE(json.find(R"("response_time_s":null)"), std::string::npos);
  EXPECT_NE(json.find(R"("short_flows":{"count":)"), std::string::npos);
}

}  // namespace
}  // namespace aqmlab
