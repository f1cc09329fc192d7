// A congestion controller's response function: the mean window a long-lived
// flow keeps when a fraction p of its segments carries a congestion signal
// and its round trip is R (so its rate is W / R segments per second). Each
// controller's folder declares its own (`<name>_response.cc`) and the
// registry reaches it through the controller's static Response(), as a
// discipline's theory is reached (aqm/theory/discipline_theory.h); the page
// reads the text from the catalogue and asks the core for the numbers.
#pragma once

#include <cstdint>
#include <string_view>

#include "net/param_table.h"
#include "sim/result.h"

namespace aqmlab {

// What p counts.
enum class ResponseSignal : uint8_t {
  // Lost segments and, with classic ECN, CE-marked ones: each answered as a
  // loss (at most once a window).
  kLossOrMark,
  // CE-marked segments, each counted (a scalable sender's alpha); losses
  // are answered classically and are not in this law.
  kMark,
};

struct ResponsePoint {
  double window = 0;        // mean window, segments
  std::string_view region;  // the piece of the law that holds at (p, R)
};

struct CcResponse {
  ResponseSignal signal = ResponseSignal::kLossOrMark;
  std::string_view tex;       // the law, W in segments, p, R in seconds
  std::string_view constant;  // the constant it uses, its value and why
  std::string_view source;
  // The mean window at p in (0, 1] and R > 0 for the controller's
  // parameters (those left out at their defaults); an error names a
  // parameter out of range.
  Result<ResponsePoint> (*at)(const ParamOverrides& params, double p, double rtt_s) = nullptr;
};

}  // namespace aqmlab
