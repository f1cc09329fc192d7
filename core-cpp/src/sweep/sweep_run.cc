#include "sweep/sweep_run.h"

#include <memory>

#include "metrics/summary_json.h"
#include "run/packet_share.h"
#include "scenario/scenario.h"
#include "run/simulation.h"

namespace aqmlab {

namespace {

using OJson = nlohmann::ordered_json;

// The summary restricted to the plan's metrics (all when none are named),
// without the side and discipline the line carries already.
OJson KeptSummary(const SweepPlan& plan, const std::string& summary_json) {
  OJson all = OJson::parse(summary_json);
  all.erase("side");
  all.erase("aqm");
  if (plan.metrics.empty()) return all;
  OJson kept = OJson::object();
  for (const std::string& m : plan.metrics) {
    if (auto it = all.find(m); it != all.end()) kept[m] = *it;
  }
  return kept;
}

// Runs the side to its end; the summary or an error message.
Result<std::string> RunSide(const Scenario& sc, int side, int jobs) {
  auto sim = Simulation::Create(sc, side);
  if (!sim.ok()) return Error{sim.error()};
  Simulation& s = *sim.value();
  SharePacketBudget(s, jobs);
  // Slices of simulated time, dropping the samples (a sweep keeps only the
  // summary), so memory stays flat however long the run.
  const Time slice = Time::Seconds(10);
  while (!s.done()) {
    if (Status st = s.AdvanceTo(s.now() + slice); !st.ok()) {
      return Error{WithShareNote(st.error, "shared by " + std::to_string(jobs) + " jobs: a lower --jobs holds more each")};
    }
    s.metrics().ClearBatch();
  }
  return SummaryToJson(s.summary(), sc.sides[static_cast<size_t>(side)].name,
                       sc.sides[static_cast<size_t>(side)].aqm);
}

}  // namespace

std::string RunSweepLines(const SweepPlan& plan, int64_t run, int* errors, int jobs) {
  if (errors) *errors = 0;
  OJson head = OJson::object();
  head["run"] = run;
  head["seed"] = plan.SeedOf(run);
  head["point"] = plan.PointJson(plan.PointOf(run));
  // ParseSweep checked every point, so neither step fails here; should one,
  // the line says so instead of aborting a long sweep.
  Result<std::string> text = plan.ScenarioJson(run);
  Result<Scenario> sc = text.ok() ? ParseScenario(text.value()) : Result<Scenario>(Error{text.error()});
  if (!sc.ok()) {
    head["side_index"] = 0;
    head["error"] = sc.error();
    if (errors) *errors = 1;
    return head.dump() + "\n";
  }
  std::string lines;
  for (size_t s = 0; s < sc.value().sides.size(); ++s) {
    OJson line = head;
    line["side_index"] = s;
    line["side"] = sc.value().sides[s].name;
    line["aqm"] = sc.value().sides[s].aqm;
    Result<std::string> summary = RunSide(sc.value(), static_cast<int>(s), jobs);
    if (summary.ok()) {
      line["summary"] = KeptSummary(plan, summary.value());
    } else {
      line["error"] = summary.error();
      if (errors) ++*errors;
    }
    lines += line.dump() + "\n";
  }
  return lines;
}

}  // namespace aqmlab
