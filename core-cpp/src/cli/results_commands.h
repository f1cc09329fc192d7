// `aqmlab merge` (shard outputs into one sorted file) and `aqmlab report`
// (mean, s.d. and 95% Student-t interval per point x side x metric).
#pragma once

#include "cli/command.h"

namespace aqmlab {
extern const Command kMergeCommand;
extern const Command kReportCommand;
}  // namespace aqmlab
