// Numbers in messages (ranges, values got): up to 10 significant digits
// without trailing zeros (printf's %.10g), e.g. "0.1", "200", "1e-06".
#pragma once

#include <string>

namespace aqmlab {

std::string FormatNumber(double v);

}  // namespace aqmlab
