// `aqmlab sweep <sweep.json>`: every run of a sweep (SWEEP.md) on all
// cores, streamed to JSON Lines.
#pragma once

#include "cli/command.h"

namespace aqmlab {
extern const Command kSweepCommand;
}  // namespace aqmlab
