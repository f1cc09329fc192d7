// `aqmlab sweep`'s workers: runs spread over threads, each run's lines
// written and flushed as it ends.
#pragma once

#include <cstdint>
#include <cstdio>
#include <vector>

#include "cli/sweep_progress.h"
#include "sweep/sweep_spec.h"

namespace aqmlab {

// Runs `runs` of `plan` on `jobs` threads (each Simulation is independent;
// the core keeps no mutable globals), appending each run's lines to `out`
// in one write and flushing it, so a killed sweep leaves whole runs (and
// at most one partial line, which --resume drops). Returns how many result
// lines carry an error.
int64_t RunSweepPool(const SweepPlan& plan, const std::vector<int64_t>& runs, int jobs, std::FILE* out,
                     SweepProgress& progress);

}  // namespace aqmlab
