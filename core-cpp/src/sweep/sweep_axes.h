// Reading a sweep's `axes`: each a path with a `values` list or a `range`.
#pragma once

#include <string>
#include <vector>

#include "scenario/json_reader.h"
#include "sweep/sweep_spec.h"

namespace aqmlab {

// The most values one axis may have (the whole grid is capped separately).
constexpr size_t kMaxAxisValues = 100000;

// Reads `axes` (a non-empty array) into `out`, one entry per axis; each
// problem goes to `problems`.
void ReadAxes(const Json& axes, Problems* problems, std::vector<SweepAxis>& out);

}  // namespace aqmlab
