// Simulation::kMaxPacketsHeld is one budget per process: runs advancing in
// one process at once (`aqmlab run`'s sides, `aqmlab sweep`'s jobs) share
// it, each holding at most its share, so memory is bounded per process
// however many sides or jobs there are.
#pragma once

#include <string>

#include "run/simulation.h"

namespace aqmlab {

// Limits `sim` to its share when `shares` (> 1) runs advance at once.
void SharePacketBudget(Simulation& sim, int shares);

// A run's error with who shares the budget and what to lower inserted
// after "a process may hold" (the packet limit's message), e.g. "(shared
// by 6 sides: fewer sides hold more each)"; other errors unchanged.
std::string WithShareNote(std::string error, const std::string& note);

}  // namespace aqmlab
