// The sampled window chart of a scenario (`window_chart` in SCENARIO.md):
// the few long-lived TCP flows whose congestion window, and pacing rate when
// their controller paces, every sample records. Absent: nothing is traced
// and a run keeps its columns and cost.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scenario/group_spec.h"
#include "scenario/json_reader.h"

namespace aqmlab {

// Flow `flow` (0-based, in the group's order) of long-lived TCP group `group`.
struct TracedFlow {
  int64_t group = 0;
  int64_t flow = 0;
  bool operator==(const TracedFlow&) const = default;
};

struct WindowChartSpec {
  std::vector<TracedFlow> flows;  // never empty once read
};

inline constexpr size_t kMaxTracedFlows = 8;

// Reads `window_chart` (absent or null: none). Without `flows`, the first
// flow of each `tcp` group with flows, up to kMaxTracedFlows.
void ReadWindowChart(JsonReader& r, Problems* problems, const std::vector<GroupSpec>& groups,
                     std::optional<WindowChartSpec>& out);

}  // namespace aqmlab
