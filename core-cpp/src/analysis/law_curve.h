// The picture of a discipline whose law is a curve of the queue (its
// Explanation's picture is LawPicture::kCurve): the probability that an
// arriving packet is dropped or marked, sampled at evenly spaced queue
// lengths by the discipline's own law, so the page draws the law the
// simulation runs rather than a copy of it.
#pragma once

#include <string>
#include <vector>

#include "analysis/analysis_json.h"
#include "sim/result.h"

namespace aqmlab::analysis {

struct LawCurve {
  std::vector<double> queue;  // packets, 0 .. buffer
  std::vector<double> p;
};

// `points` queue lengths from 0 up to just below the buffer, then the buffer
// itself, where every arrival is dropped (a full buffer always drops).
Result<LawCurve> SampleLawCurve(const std::string& aqm, const ParamValues& params,
                                double buffer_pkts, int points);

// {"aqm", "params": {name: value}, "buffer_pkts", "points"} (parameters left
// out take their defaults for that buffer) -> {"ok", "queue", "p"}.
Json LawCurveJson(const Json& request);

}  // namespace aqmlab::analysis
