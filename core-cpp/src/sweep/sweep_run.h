// Running one run of a sweep (every side) into its result lines: the same
// code behind `aqmlab sweep` and the page's wasm sweepRunLines, so the
// lines are byte-identical in both.
#pragma once

#include <cstdint>
#include <string>

#include "sweep/sweep_spec.h"

namespace aqmlab {

// One JSON line per side, each ending in "\n", in side order:
//   {"run":3,"seed":2,"point":{"groups[0].count":50},"side_index":0,
//    "side":"RED","aqm":"red","summary":{<the chosen metrics>}}
// A side whose run fails (e.g. the packet limit) has "error":"<message>"
// in place of "summary"; the other sides still run. `run` must be in
// [0, plan.run_count). `errors`, when given, gets the number of such lines.
// `jobs` runs advancing at once in this process share its packet budget
// (Simulation::set_packet_share).
std::string RunSweepLines(const SweepPlan& plan, int64_t run, int* errors = nullptr, int jobs = 1);

}  // namespace aqmlab
