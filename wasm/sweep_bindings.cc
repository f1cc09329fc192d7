// Sweeps for the page (API.md, "Sweeps"): the same plan, run lines and
// report as `aqmlab sweep` / `aqmlab report`, so a page's experiment and a
// command-line one give byte-identical results. Own EMSCRIPTEN_BINDINGS
// block; like bindings.cc, compiled with exception catching so that running
// out of memory is an error object, never an exception in JavaScript.
#include <emscripten/bind.h>

#include <memory>
#include <new>
#include <string>

#include "scenario/json_reader.h"
#include "sim/format.h"
#include "sweep/sweep_report.h"
#include "sweep/sweep_results.h"
#include "sweep/sweep_run.h"
#include "sweep/sweep_spec.h"

namespace {

using OJson = nlohmann::ordered_json;

std::string ErrorJson(const std::string& message) { return OJson{{"ok", false}, {"error", message}}.dump(); }

// The last sweep parsed, by its text: a page's worker calls sweepRunLines
// once per run of the same sweep, and checking every point again each time
// would cost more than a short run. One module instance lives in one
// worker, so nothing else touches it.
struct PlanCache {
  std::string text;
  std::unique_ptr<aqmlab::SweepPlan> plan;
};

PlanCache& Cache() {
  static PlanCache cache;
  return cache;
}

// The plan of `text`, or nullptr with the message in `error`.
const aqmlab::SweepPlan* PlanOf(const std::string& text, std::string& error) {
  PlanCache& c = Cache();
  if (c.plan && c.text == text) return c.plan.get();
  c.plan.reset();
  aqmlab::Result<aqmlab::SweepPlan> parsed = aqmlab::ParseSweep(text);
  if (!parsed.ok()) {
    error = parsed.error();
    return nullptr;
  }
  c.text = text;
  c.plan = std::make_unique<aqmlab::SweepPlan>(std::move(parsed.value()));
  return c.plan.get();
}

std::string PlanJson(const std::string& sweep_json) {
  std::string error;
  const aqmlab::SweepPlan* plan = PlanOf(sweep_json, error);
  if (!plan) return ErrorJson(error);
  OJson j = {{"ok", true}, {"count", plan->run_count}};
  j["axes"] = OJson::array();
  for (const aqmlab::SweepAxis& a : plan->axes) j["axes"].push_back({{"path", a.path}, {"values", a.values}});
  j["zip"] = plan->zip;
  j["seeds"] = plan->seeds;
  j["sides"] = plan->side_names;
  j["metrics"] = plan->metrics.empty() ? aqmlab::SweepMetricNames() : plan->metrics;
  j["runs"] = OJson::array();
  for (int64_t r = 0; r < plan->run_count; ++r) {
    j["runs"].push_back({{"index", r}, {"point", plan->PointJson(plan->PointOf(r))}, {"seed", plan->SeedOf(r)}});
  }
  return j.dump();
}

std::string RunLinesJson(const std::string& sweep_json, double index) {
  std::string error;
  const aqmlab::SweepPlan* plan = PlanOf(sweep_json, error);
  if (!plan) return ErrorJson(error);
  const auto last = plan->run_count - 1;
  if (!(index >= 0 && index <= static_cast<double>(last)) || index != static_cast<double>(static_cast<int64_t>(index))) {
    return ErrorJson("index: must be a whole number in [0, " + std::to_string(last) + "], got " +
                     aqmlab::FormatNumber(index));
  }
  return OJson{{"ok", true}, {"lines", aqmlab::RunSweepLines(*plan, static_cast<int64_t>(index))}}.dump();
}

std::string ReportJson(const std::string& jsonl) {
  aqmlab::Result<aqmlab::ParsedResults> parsed = aqmlab::ParseResults(jsonl, "results");
  if (!parsed.ok()) return ErrorJson(parsed.error());
  if (aqmlab::Status st = aqmlab::SortResults(parsed.value().lines); !st.ok()) return ErrorJson(st.error);
  aqmlab::Result<std::vector<aqmlab::ReportRow>> rows = aqmlab::BuildReport(parsed.value().lines);
  if (!rows.ok()) return ErrorJson(rows.error());
  std::string text = "{\"ok\":true,\"rows\":[";
  for (size_t i = 0; i < rows.value().size(); ++i) {
    if (i > 0) text += ',';
    text += aqmlab::ReportRowText(rows.value()[i]);
  }
  text += "]";
  if (!parsed.value().dropped.empty()) text += ",\"dropped\":" + OJson(parsed.value().dropped).dump();
  return text + "}";
}

// Runs `f`, turning a std::bad_alloc into an error object.
template <class F>
std::string Guarded(F f) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    Cache().plan.reset();
    return ErrorJson("out of memory: the sweep needs more than this page may use");
  }
}

std::string SweepPlan(std::string sweep_json) {
  return Guarded([&] { return PlanJson(sweep_json); });
}
std::string SweepRunLines(std::string sweep_json, double index) {
  return Guarded([&] { return RunLinesJson(sweep_json, index); });
}
std::string SweepReport(std::string jsonl) {
  return Guarded([&] { return ReportJson(jsonl); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aqmlab_sweep) {
  emscripten::function("sweepPlan", &SweepPlan);
  emscripten::function("sweepRunLines", &SweepRunLines);
  emscripten::function("sweepReport", &SweepReport);
}
