#include "scenario/json_integer.h"

#include <cmath>

#include "sim/format.h"

namespace aqmlab {

std::string ReadWholeNumber(const Json& v, int64_t lo, int64_t hi, int64_t& out) {
  std::string range = "[";
  range += std::to_string(lo) + ", " + std::to_string(hi) + "]";
  if (!v.is_number()) return "must be a whole number in " + range;
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (hi < 0 || u > static_cast<uint64_t>(hi) || (lo > 0 && u < static_cast<uint64_t>(lo))) {
      return "must be in " + range + ", got " + std::to_string(u);
    }
    out = static_cast<int64_t>(u);
    return "";
  }
  if (v.is_number_integer()) {
    const int64_t n = v.get<int64_t>();
    if (n < lo || n > hi) return "must be in " + range + ", got " + std::to_string(n);
    out = n;
    return "";
  }
  const double x = v.get<double>();
  if (!std::isfinite(x) || x != std::floor(x)) return "must be a whole number in " + range + ", got " + FormatNumber(x);
  // A whole number written as a float (1e3, 2.0); beyond 2^53 it may not be
  // the number the text meant, so only smaller ones are taken.
  if (x < static_cast<double>(lo) || x > static_cast<double>(hi) || std::fabs(x) > 9007199254740992.0) {
    return "must be in " + range + ", got " + FormatNumber(x);
  }
  out = static_cast<int64_t>(x);
  return "";
}

}  // namespace aqmlab
