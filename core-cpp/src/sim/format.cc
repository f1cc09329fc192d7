#include "sim/format.h"

#include <cstdio>

namespace aqmlab {

std::string FormatNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace aqmlab
