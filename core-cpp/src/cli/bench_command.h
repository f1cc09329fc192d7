// `aqmlab bench`: the reference scenarios of the speed goals (bench.h).
#pragma once

#include "cli/command.h"

namespace aqmlab {
extern const Command kBenchCommand;
}  // namespace aqmlab
