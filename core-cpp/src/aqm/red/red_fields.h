// RED's seven parameters (wq, min_th, max_th, max_p, gentle, byte_mode, wait) as one
// declaration of names, units, defaults and ranges, shared by RED and the
// disciplines built on it (ARED, SRED, AutoRED). Each of those says in its
// own words what a field does there (FieldText), and may raise max_p's floor.
#pragma once

#include <array>
#include <string_view>
#include <vector>

#include "aqm/param_binding.h"
#include "aqm/red/red_law.h"

namespace aqmlab::red {

struct FieldText {
  std::string_view wq_label = "Averaging weight";
  std::string_view wq;
  std::string_view min_th;
  std::string_view max_th;
  std::string_view max_p_label = "Maximum probability";
  std::string_view max_p;
  double max_p_min = 0;
  std::string_view gentle;
  std::string_view byte_mode;
};

// The same on every discipline built on RED's curve.
inline constexpr std::string_view kWaitText =
    "No early signal until count pb reaches 1, then pa = pb / (2 - count pb): at a fixed pb, "
    "signals 1/pb to 2/pb packets apart (ns-2's wait_ and ns-3's Wait, on in both). Off: Floyd "
    "& Jacobson's pa = pb / (1 - count pb), 1 to 1/pb packets apart.";

// For any Params derived from red::Params.
template <class P>
constexpr std::array<ParamField<P>, 7> Fields(const FieldText& t) {
  return {{
      // The weight's usual values: ARED's 1 - exp(-1/C) from 10 Gb/s (~1e-5) to a
      // fast 0.1 (Floyd, Gummadi & Shenker 2001, section 4.1).
      {LogScale({"wq", t.wq_label, "", ParamKind::kReal, 0.002, 1e-6, 1, 1e-4, t.wq}, 1e-5, 0.1),
       &Params::wq},
      {BufferBound({"min_th", "Minimum threshold", "pkts", ParamKind::kReal, 5, 0, 1000000, 1,
                    t.min_th, 0.25}),
       &Params::min_th},
      {BufferBound({"max_th", "Maximum threshold", "pkts", ParamKind::kReal, 15, 1, 1000000, 1,
                    t.max_th, 0.75}),
       &Params::max_th},
      {{"max_p", t.max_p_label, "", ParamKind::kReal, 0.1, t.max_p_min, 1, 0.001, t.max_p},
       &Params::max_p},
      {{"gentle", "Gentle", "", ParamKind::kToggle, 1, 0, 1, 1, t.gentle}, &Params::gentle},
      {{"byte_mode", "Byte mode", "", ParamKind::kToggle, 0, 0, 1, 1, t.byte_mode},
       &Params::byte_mode},
      {{"wait", "Wait between signals", "", ParamKind::kToggle, 1, 0, 1, 1, kWaitText},
       &Params::wait},
  }};
}

// What the RED-based disciplines say of byte mode.
inline constexpr std::string_view kByteModeAsRed =
    "Measure the queue in bytes (in units of the scenario's packet size) and scale the "
    "probability by packet size, as RED's byte mode.";

// RED's thresholds, the queue chart's levels for every discipline of the
// family.
inline std::vector<ChartLevel> ThresholdLevels() {
  return {{"min_th", LevelChart::kQueue, "min_th", 1, ""}, {"max_th", LevelChart::kQueue, "max_th", 1, ""}};
}

}  // namespace aqmlab::red
