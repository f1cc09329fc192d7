#include "sim/format.h"

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

}  // namespace aqmlab
