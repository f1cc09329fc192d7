// Named time windows of a scenario: the summary is computed again over each
// (`windows` in SCENARIO.md), e.g. the phases before and after a load change.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenario/json_reader.h"

namespace aqmlab {

struct WindowSpec {
  std::string name;
  double from_s = 0;
  double to_s = 0;
  // The settling time's band: the queue the window should settle at, and how
  // far (packets, either way) its 1 s mean may be from it. No target: no
  // settling time.
  std::optional<double> target_pkts;
  std::optional<double> tolerance_pkts;
};

inline constexpr size_t kMaxWindows = 16;
inline constexpr size_t kMaxWindowNameLength = 40;

// Reads the scenario's `windows` array (absent: none) into `out`.
void ReadWindows(JsonReader& r, Problems* problems, double duration_s, std::vector<WindowSpec>& out);

// The tolerance a window with a target uses when it names none: 10% of the
// target, the LRED paper's band for the mean.
double WindowTolerance(const WindowSpec& w);

}  // namespace aqmlab
