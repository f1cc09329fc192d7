#include "aqm/param_binding.h"

#include <cstdio>
#include <cstdlib>

namespace aqmlab {

std::string FormatNumber(double v) {
  // Ten significant digits, or as many more as it takes to read back as the
  // same double, so a value just past a limit (100000.00000000001) never
  // prints as the limit itself.
  char buf[32];
  for (int digits = 10; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

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
