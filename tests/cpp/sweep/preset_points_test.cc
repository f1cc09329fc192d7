// MSC Figs. 3 and 4 as experiment presets (public/experiments/msc-fig3.json,
// msc-fig4.json) run one N (one short-flow rate) per run, not the base
// preset's ramp: the sweep zips the group's value with every ramp event's,
// and an event that sets the value the group already has changes nothing.
// Each test runs one point of the shipped sweep, shortened to one side and
// to just past the last event (Fig. 3), and checks that the value stays the
// point's for the whole run: Fig. 3's group count and flows column never
// move, and its series is bit for bit that of the same run without events;
// Fig. 4's short flows begin at the point's rate in every phase of the ramp.
// The base preset's own ramp is the control: there the same checks see the
// value change.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "sweep/sweep_spec.h"
#include "test_util.h"

namespace aqmlab {
namespace {

using Json = nlohmann::ordered_json;

Json ReadJson(const std::string& relative) {
  std::ifstream in(std::string(AQMLAB_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return Json::parse(text.str());
}

// The scenario of the shipped sweep's point `point` (its first seed).
Json PointScenario(const std::string& experiment, int64_t point, Json* point_json) {
  Json sweep = ReadJson("public/experiments/" + experiment + ".json");
  sweep["seeds"] = Json::array({1});
  Result<SweepPlan> plan = ParseSweep(sweep.dump());
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error());
  if (!plan.ok()) return {};
  *point_json = plan.value().PointJson(point);
  Result<std::string> scenario = plan.value().ScenarioJson(point);
  EXPECT_TRUE(scenario.ok());
  return scenario.ok() ? Json::parse(scenario.value()) : Json{};
}

// One side, ending 5 s after the last event.
Json Shortened(Json scenario) {
  scenario["sides"] = Json::array({scenario["sides"][0]});
  double last = 0;
  for (const Json& e : scenario["events"]) last = std::max(last, e["at_s"].get<double>());
  scenario["duration_s"] = last + 5;
  return scenario;
}

Json WithoutEvents(Json scenario) {
  scenario["events"] = Json::array();
  return scenario;
}

struct Observed {
  Summary summary;
  int64_t count_min = 0, count_max = 0;  // group 0's count, read every second
  std::vector<double> flows;             // the flows column after the warm-up
};

Observed Observe(const Json& scenario) {
  Observed o;
  auto sim = testing::Build(testing::ParseOrDie(scenario.dump()));
  if (!sim) return o;
  o.count_min = o.count_max = sim->group(0).count();
  for (double t = 1; sim->now() < sim->end(); t += 1) {
    sim->AdvanceTo(std::min(sim->end(), Time::Seconds(t)));
    o.count_min = std::min(o.count_min, sim->group(0).count());
    o.count_max = std::max(o.count_max, sim->group(0).count());
  }
  const auto times = testing::Column(*sim, "t");
  const auto flows = testing::Column(*sim, "flows");
  for (size_t i = 0; i < times.size(); ++i) {
    if (times[i] > scenario["warmup_s"].get<double>()) o.flows.push_back(flows[i]);
  }
  o.summary = sim->summary();
  return o;
}

TEST(SweepPresetPoints, MscFig3RunsOneFlowCountPerRun) {
  Json point;
  const Json scenario = Shortened(PointScenario("msc-fig3", 2, &point));
  ASSERT_EQ(point.dump(), R"({"groups[0].count":20,"events[*].count":20})");
  ASSERT_EQ(scenario["events"].size(), 3u);  // the preset's ramp, every step set to N
  for (const Json& e : scenario["events"]) EXPECT_EQ(e["count"], 20) << e.dump();
  const int64_t reverse = scenario["groups"][1]["count"].get<int64_t>();

  const Observed run = Observe(scenario);
  EXPECT_EQ(run.count_min, 20);
  EXPECT_EQ(run.count_max, 20);
  ASSERT_FALSE(run.flows.empty());
  EXPECT_EQ(*std::min_element(run.flows.begin(), run.flows.end()), 20 + reverse);
  EXPECT_EQ(*std::max_element(run.flows.begin(), run.flows.end()), 20 + reverse);
  // The events to the current count change nothing: the same series as no events at all.
  EXPECT_EQ(run.summary.series_hash, Observe(WithoutEvents(scenario)).summary.series_hash);

  // Control: the base preset's ramp (5, then 50, 150, 300 flows) moves both.
  Json ramp = Shortened(ReadJson("public/presets/msc-exp1-twoway.json"));
  ramp["seed"] = 1;
  const Observed control = Observe(ramp);
  EXPECT_EQ(control.count_min, 5);
  EXPECT_EQ(control.count_max, 300);
  EXPECT_EQ(*std::max_element(control.flows.begin(), control.flows.end()), 300 + reverse);
  EXPECT_NE(control.summary.series_hash, Observe(WithoutEvents(ramp)).summary.series_hash);
}

// Short flows finished, of those that began in each 30 s phase of the ramp.
std::vector<int64_t> ShortFlowsPerPhase(Json scenario) {
  scenario["sides"] = Json::array({scenario["sides"][0]});
  scenario["windows"] = Json::array();
  for (double from : {20, 50, 80}) scenario["windows"].push_back({{"name", std::to_string(from)}, {"from_s", from}, {"to_s", from + 30}});
  const Observed o = Observe(scenario);
  std::vector<int64_t> counts;
  for (const WindowSummary& w : o.summary.windows) {
    counts.push_back(w.summary.short_flows ? w.summary.short_flows->count : 0);
  }
  return counts;
}

TEST(SweepPresetPoints, MscFig4RunsOneShortFlowRatePerRun) {
  Json point;
  const Json scenario = PointScenario("msc-fig4", 0, &point);
  ASSERT_EQ(point.dump(), R"({"groups[1].arrival_rate":5,"events[*].rate":5})");
  ASSERT_EQ(scenario["groups"][1]["arrival_rate"], 5);
  ASSERT_EQ(scenario["events"].size(), 2u);  // the preset's ramp (at 50 and 80 s), every step set to 5
  for (const Json& e : scenario["events"]) EXPECT_EQ(e["rate"], 5) << e.dump();

  // A set_rate redraws the next arrival (memoryless, so the process is the
  // same Poisson process), so the series is not the event-free run's; the
  // rate shows in the flows begun per phase: about 5/s x 30 s = 150 in each
  // (the seed is fixed, so the counts are too).
  const std::vector<int64_t> counts = ShortFlowsPerPhase(scenario);
  ASSERT_EQ(counts.size(), 3u);
  for (int64_t c : counts) {
    EXPECT_GE(c, 110) << "a phase of the point's run";
    EXPECT_LE(c, 180) << "a phase of the point's run";
  }

  // Control: the base preset's ramp (10/s, then 30/s from 50 s and 50/s
  // from 80 s) shows in the same counts.
  Json ramp = ReadJson("public/presets/msc-exp2-twoway.json");
  ramp["seed"] = 1;
  const std::vector<int64_t> control = ShortFlowsPerPhase(ramp);
  ASSERT_EQ(control.size(), 3u);
  EXPECT_GT(control[1], 2 * control[0]);
  EXPECT_GT(control[2], control[1]);
}

}  // namespace
}  // namespace aqmlab
