// `aqmlab run <scenario.json>`: every side of one scenario, a JSON summary.
#pragma once

#include "cli/command.h"

namespace aqmlab {
extern const Command kRunCommand;
}  // namespace aqmlab
