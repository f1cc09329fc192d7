// `aqmlab sweep --estimate`: a short pilot of a sweep (a few of its runs,
// spread over its points) timed and measured, and the resources a job
// array's tasks should ask for, as sbatch options on stdout.
#pragma once

#include <cstdint>

#include "sweep/sweep_spec.h"

namespace aqmlab {

struct EstimateRequest {
  int64_t tasks = 0;  // array tasks (shards); 0: about ten runs a task
  int jobs = 1;       // CPUs (threads) a task runs on
};

// Runs the pilot, prints its figures on stderr and one line of sbatch
// options on stdout ("--array=0-7 --cpus-per-task=1 --time=0:05:00
// --mem=200M"). Returns the exit status.
int EstimateSweep(const SweepPlan& plan, const EstimateRequest& request);

}  // namespace aqmlab
