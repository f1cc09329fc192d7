#include "net/param_table.h"

#include <cmath>

#include "sim/format.h"

namespace aqmlab {

Status CheckParamValue(const ParamSpec& spec, double value) {
  const std::string name(spec.name);
  if (!std::isfinite(value)) return {name + ": must be a finite number"};
  if (value < spec.min || value > spec.max) {
    return {name + ": must be in [" + FormatNumber(spec.min) + ", " + FormatNumber(spec.max) +
            "], got " + FormatNumber(value)};
  }
  if (spec.kind == ParamKind::kInteger && value != std::floor(value)) {
    return {name + ": must be a whole number, got " + FormatNumber(value)};
  }
  if (spec.kind == ParamKind::kToggle && value != 0 && value != 1) {
    return {name + ": must be 0 (off) or 1 (on), got " + FormatNumber(value)};
  }
  return {};
}

double ResolveDefault(const ParamSpec& spec, const LinkContext& link) {
  if (spec.buffer_fraction <= 0) return spec.default_value;
  double v = spec.buffer_fraction * static_cast<double>(link.buffer_packets);
  if (spec.kind == ParamKind::kInteger) v = std::round(v);
  return v < spec.min ? spec.min : (v > spec.max ? spec.max : v);
}

}  // namespace aqmlab
