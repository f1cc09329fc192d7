// A sweep: one base scenario run over a grid (or a zip) of axis values and
// over seeds. The file format is core-cpp/SWEEP.md. ParseSweep checks the
// whole file, every expanded point included, before anything runs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "scenario/json_reader.h"
#include "sim/result.h"

namespace aqmlab {

// A grid bigger than this is refused with its count.
constexpr int64_t kMaxSweepRuns = 100000;

struct SweepAxis {
  std::string path;  // as written: "groups[0].count"
  std::vector<nlohmann::ordered_json> values;
};

struct SweepPlan {
  // The base scenario with every field present (ScenarioToJson), `windows`
  // set from the sweep; axis values and the seed are set on a copy per run.
  nlohmann::ordered_json base;
  std::vector<SweepAxis> axes;
  bool zip = false;
  std::vector<uint64_t> seeds;
  // The summary keys each result line keeps, in the summary's order;
  // empty means all.
  std::vector<std::string> metrics;
  std::vector<std::string> side_names;  // of the base scenario
  int64_t point_count = 0;
  int64_t run_count = 0;  // point_count * seeds.size()

  // Run `index` (in [0, run_count)) is point index / seeds, seed index % seeds;
  // points are row-major over the axes (the last axis varies fastest), or
  // the i-th value of every axis when zipped.
  int64_t PointOf(int64_t run) const { return run / static_cast<int64_t>(seeds.size()); }
  uint64_t SeedOf(int64_t run) const { return seeds[static_cast<size_t>(run % static_cast<int64_t>(seeds.size()))]; }
  // {"<path>": value, ...} in axis order.
  nlohmann::ordered_json PointJson(int64_t point) const;
  // The scenario of one run, as JSON text (ParseSweep has checked that
  // every run's builds and parses; an error here names the axis).
  Result<std::string> ScenarioJson(int64_t run) const;
};

Result<SweepPlan> ParseSweep(std::string_view json);

// The summary keys a sweep's `metrics` may name.
const std::vector<std::string>& SweepMetricNames();

}  // namespace aqmlab
