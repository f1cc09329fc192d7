// `aqmlab sweep --resume`: which runs an earlier (perhaps killed) sweep
// already wrote to the results file, and a file ready to append the rest.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "sweep/sweep_spec.h"

namespace aqmlab {

// Reads `path` (absent or empty: nothing done yet). Keeps every complete
// run (a line per side); drops a partial last line and the lines of a run
// left with only some sides (it runs again), saying so on stderr, and
// rewrites the file without them. A line that belongs to another sweep
// (its point or seed differ from this plan's run) is an error: nothing is
// dropped then. On success `done` holds the complete runs.
Status PrepareResume(const std::string& path, const SweepPlan& plan, std::set<int64_t>& done);

}  // namespace aqmlab
