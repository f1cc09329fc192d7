#include "sweep/sweep_spec.h"

#include <algorithm>
#include <set>

#include "metrics/summary_json.h"
#include "scenario/event_spec.h"
#include "scenario/json_integer.h"
#include "scenario/json_text.h"
#include "scenario/scenario.h"
#include "sweep/shipped_presets.h"
#include "sweep/sweep_axes.h"
#include "sweep/sweep_path.h"

namespace aqmlab {

namespace {

using OJson = nlohmann::ordered_json;

constexpr int64_t kMaxSeedCount = 10000;

// The most scenario text checked before a sweep starts (points x the base's
// size): about 10 s of parsing on one core.
constexpr int64_t kMaxCheckBytes = int64_t{256} << 20;

std::string PresetNames() {
  std::string names;
  for (const ShippedPreset& p : ShippedPresets()) names += (names.empty() ? "" : ", ") + Quoted(p.name);
  return names;
}

// The base scenario, every field present; an error names `base`.
Result<OJson> ReadBase(const Json& base) {
  std::string text;
  if (base.is_string()) {
    const std::string& name = base.get_ref<const std::string&>();
    for (const ShippedPreset& p : ShippedPresets()) {
      if (p.name == name) text = p.json;
    }
    if (text.empty()) return Error{"base: " + Quoted(name) + " is no shipped preset (one of " + PresetNames() + ")"};
  } else if (base.is_object()) {
    text = base.dump();
  } else {
    return Error{"base: must be a scenario object or the name of a shipped preset"};
  }
  Result<Scenario> sc = ParseScenario(text);
  if (!sc.ok()) return Error{PrefixProblems("base.", sc.error())};
  return OJson::parse(ScenarioToJson(sc.value()));
}

void ReadSeeds(JsonReader& r, uint64_t base_seed, std::vector<uint64_t>& out) {
  if (!r.Has("seeds")) {
    out = {base_seed};
    return;
  }
  if (!r.IsArray("seeds")) {
    int64_t count = 0;
    r.Integer("seeds", count, 1, kMaxSeedCount);
    for (int64_t k = 1; k <= count; ++k) out.push_back(static_cast<uint64_t>(k));
    return;
  }
  // Read as a scenario's `seed` is (exactly, in [0, 2^53]).
  const Json* list = r.Array("seeds", kMaxSeedCount);
  if (!list) return;
  if (list->empty()) return r.Fail("seeds", "must have at least one entry");
  std::set<int64_t> seen;
  for (size_t i = 0; i < list->size(); ++i) {
    int64_t seed = 0;
    if (std::string why = ReadWholeNumber((*list)[i], 0, int64_t{1} << 53, seed); !why.empty()) {
      r.Fail(Indexed("seeds", i), why);
    } else if (!seen.insert(seed).second) {
      r.Fail(Indexed("seeds", i), "repeats " + std::to_string(seed));
    } else {
      out.push_back(static_cast<uint64_t>(seed));
    }
  }
}

void ReadMetrics(JsonReader& r, std::vector<std::string>& out) {
  const Json* metrics = r.Array("metrics", 1000);
  if (!metrics) return;
  const std::vector<std::string>& allowed = SweepMetricNames();
  std::set<std::string> asked;
  for (size_t i = 0; i < metrics->size(); ++i) {
    const Json& m = (*metrics)[i];
    if (!m.is_string() || std::find(allowed.begin(), allowed.end(), m.get<std::string>()) == allowed.end()) {
      std::string list;
      for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
      r.Fail(Indexed("metrics", i), (m.is_string() ? Quoted(m.get<std::string>()) : std::string("it")) +
                                        " is no summary metric (one of " + list + ")");
      continue;
    }
    asked.insert(m.get<std::string>());
  }
  for (const std::string& a : allowed) {
    if (asked.count(a)) out.push_back(a);
  }
}

// Saturating product, so a huge grid is refused with its count, not wrapped.
int64_t CountPoints(const std::vector<SweepAxis>& axes, bool zip) {
  int64_t n = 1;
  for (const SweepAxis& a : axes) {
    const auto k = static_cast<int64_t>(a.values.size());
    if (zip) return k;
    n = n > INT64_MAX / k ? INT64_MAX : n * k;
  }
  return n;
}

std::string DescribePoint(const OJson& point) {
  std::string d;
  for (const auto& [path, value] : point.items()) d += (d.empty() ? "" : ", ") + path + " = " + value.dump();
  return d;
}

// Every point must make a valid scenario: nothing runs otherwise. (The
// seed is a plain integer already checked, so one seed per point will do.)
Status CheckPoints(const SweepPlan& plan) {
  for (int64_t p = 0; p < plan.point_count; ++p) {
    Result<std::string> text = plan.ScenarioJson(p * static_cast<int64_t>(plan.seeds.size()));
    if (!text.ok()) return {text.error()};
    Result<Scenario> sc = ParseScenario(text.value());
    if (!sc.ok()) return {PrefixProblems("axes: at " + DescribePoint(plan.PointJson(p)) + ": ", sc.error())};
  }
  return Status::Ok();
}

// Checking every point parses the base once a point: bounded, so a large
// base over many points is refused at once rather than checked for minutes.
Status CheckCost(const SweepPlan& plan) {
  const auto base_bytes = static_cast<int64_t>(plan.base.dump().size());
  if (plan.point_count <= kMaxCheckBytes / std::max<int64_t>(base_bytes, 1)) return Status::Ok();
  const std::string points = std::to_string(plan.point_count);
  return {"axes: checking the sweep's " + points + " points means reading its " + std::to_string(base_bytes) +
          "-byte base scenario " + points + " times (" + std::to_string(plan.point_count * base_bytes >> 20) +
          " MiB), more than the " + std::to_string(kMaxCheckBytes >> 20) +
          " MiB checked before a sweep starts: fewer points, a smaller base (fewer events), or the sweep split "
          "into several files"};
}

// The scenario's `windows` (named [from_s, to_s] spans the summary is also
// computed over): set on every run's scenario, whose parser checks them.
// Checked with the base only when it read fine.
void ReadWindows(JsonReader& r, Problems* problems, bool base_fine, OJson& base) {
  const Json* windows = r.Array("windows", 100);
  if (!windows || !base_fine) return;
  base["windows"] = OJson::parse(windows->dump());
  // Checked once here, so a bad window is named as such, not at a point.
  Result<Scenario> sc = ParseScenario(base.dump());
  if (sc.ok()) return;
  for (const std::string& line : ProblemLines(sc.error())) {
    problems->Add(line.rfind("windows", 0) == 0 ? line : "windows: " + line);
  }
}

}  // namespace

const std::vector<std::string>& SweepMetricNames() {
  // The summary's keys (an empty summary has them all but the per-link
  // ones, which appear only when the scenario has those queues: the
  // prefixes of recorder's link monitors, and `windows` when the scenario
  // names some).
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    const OJson empty = OJson::parse(SummaryToJson(Summary{}, "", ""));
    for (const auto& [key, value] : empty.items()) {
      if (key != "side" && key != "aqm") n.push_back(key);
    }
    for (const char* extra : {"hop2", "reverse", "hop2.reverse", "windows"}) {
      if (std::find(n.begin(), n.end(), extra) == n.end()) n.push_back(extra);
    }
    return n;
  }();
  return names;
}

Result<SweepPlan> ParseSweep(std::string_view text) {
  Result<Json> parsed = ParseJsonText(text, "sweep", "");
  if (!parsed.ok()) return Error{parsed.error()};
  const Json& j = parsed.value();
  if (!j.is_object()) return Error{"sweep: must be an object"};
  Problems problems;
  JsonReader r(j, "", &problems);
  for (const auto& [key, value] : j.items()) {
    static const std::set<std::string> kKeys = {"base", "axes", "zip", "seeds", "metrics", "windows"};
    if (!kKeys.count(key)) r.Fail(r.Field(key), "unknown field (allowed: axes, base, metrics, seeds, windows, zip)");
  }
  SweepPlan plan;
  if (!r.Has("base")) r.Fail("base", "is required (a scenario object or a shipped preset's name)");
  if (!r.Has("axes")) r.Fail("axes", "is required (one or more {path, values | range})");
  bool have_base = false;
  if (r.Has("base")) {
    Result<OJson> read = ReadBase(j["base"]);
    if (read.ok()) {
      plan.base = std::move(read.value());
      have_base = true;
    } else {
      problems.AddAll(read.error());
    }
  }
  const Json* axes = r.Array("axes", 10);
  if (axes && axes->empty()) r.Fail("axes", "must have at least one axis");
  if (axes) ReadAxes(*axes, &problems, plan.axes);
  r.Boolean("zip", plan.zip);
  ReadSeeds(r, have_base ? plan.base["seed"].get<uint64_t>() : 1, plan.seeds);
  ReadMetrics(r, plan.metrics);
  ReadWindows(r, &problems, have_base, plan.base);
  if (!problems.empty()) return Error{problems.Message()};
  if (plan.zip) {
    for (const SweepAxis& a : plan.axes) {
      if (a.values.size() != plan.axes[0].values.size()) {
        return Error{"axes: zipped axes must have as many values each (" + plan.axes[0].path + " has " +
                     std::to_string(plan.axes[0].values.size()) + ", " + a.path + " has " +
                     std::to_string(a.values.size()) + ")"};
      }
    }
  }
  plan.point_count = CountPoints(plan.axes, plan.zip);
  const auto seeds = static_cast<int64_t>(plan.seeds.size());
  plan.run_count = plan.point_count > INT64_MAX / seeds ? INT64_MAX : plan.point_count * seeds;
  if (plan.run_count > kMaxSweepRuns) {
    const std::string count = plan.run_count == INT64_MAX ? "more than 2^63" : std::to_string(plan.run_count);
    return Error{"axes: the sweep has " + count + " runs (" +
                 (plan.point_count == INT64_MAX ? std::string("too many") : std::to_string(plan.point_count)) +
                 " points x " + std::to_string(seeds) + " seeds), more than the " + std::to_string(kMaxSweepRuns) +
                 " a sweep may have"};
  }
  for (const auto& side : plan.base["sides"]) plan.side_names.push_back(side["name"].get<std::string>());
  if (Status st = CheckCost(plan); !st.ok()) return Error{st.error};
  if (Status st = CheckPoints(plan); !st.ok()) return Error{st.error};
  return plan;
}

}  // namespace aqmlab
