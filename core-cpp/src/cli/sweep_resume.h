// `aqmlab sweep --resume`: which runs an earlier (perhaps killed) sweep
// already wrote to the results file, and a file ready to append the rest;
// and the same checks of result lines against a sweep for `aqmlab merge
// --sweep`.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <vector>

#include "cli/result_files.h"
#include "sweep/sweep_results.h"
#include "sweep/sweep_spec.h"

namespace aqmlab {

// Reads `path` (absent or empty: nothing done yet). Keeps every complete
// run (a line per side); drops a partial last line and the lines of a run
// left with only some sides (it runs again), saying so on stderr, and
// rewrites the file without them. A line that belongs to another sweep
// (its point or seed differ from this plan's run), or two different lines
// for one run and side, are an error: nothing is dropped then. On success `done` holds the complete runs.
Status PrepareResume(const std::string& path, const SweepPlan& plan, std::set<int64_t>& done);

// The sweep file `path`, read and checked whole; on an error prints
// "aqmlab <cmd>: <path>: <why>" to stderr and returns nothing.
std::optional<SweepPlan> ReadSweepFile(std::string_view cmd, const std::string& path);

// An empty message when `line` is run `line.run` of this plan (its point
// and seed); otherwise why not, e.g. "... (the file is from another sweep)".
std::string CheckAgainstPlan(const ResultLine& line, const SweepPlan& plan);

// The runs of `plan` that `lines` (all of this plan, sorted and without
// duplicates: ResultFiles::Sort) lack a side of, in order.
std::vector<int64_t> IncompleteRuns(const std::vector<LineRef>& lines, const SweepPlan& plan);

}  // namespace aqmlab
