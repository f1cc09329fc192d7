// Reading a sweep's `axes`: each a path with a `values` list or a `range`.
#pragma once

#include <string>
#include <vector>

#include "scenario/json_reader.h"
#include "sweep/sweep_spec.h"

namespace aqmlab {

// The most values one axis may have (the whole grid is capped separately).
constexpr size_t kMaxAxisValues = 100000;

// Reads `axes` (a non-empty array) into `out`; the first error goes to `error`.
void ReadAxes(const Json& axes, std::string* error, std::vector<SweepAxis>& out);

}  // namespace aqmlab
