// Where a discipline's equilibrium sits relative to the range its linear
// rule describes (stability.h): past the buffer, or needing p0 >= 1, no
// linearisation of the law holds.
#pragma once

#include <string>

#include "analysis/stability.h"

namespace aqmlab::analysis {

// A value for a sentence: three significant digits (199, 0.395, 1.2e-05).
std::string Approx(double v);

// Sets r.region and r.region_text for an equilibrium queue `q0` (packets)
// and drop probability `p0` on `plant`. Returns true, with the verdict
// "none", when the equilibrium is outside the law's linear range: q0 at or
// past the buffer ("buffer": overflow holds the queue, as drop-tail) or
// p0 >= 1 ("saturated": windows at their floor); else the region is "linear".
bool OutsideTheLaw(StabilityReport& r, double q0, double p0, const LoopPlant& plant);

}  // namespace aqmlab::analysis
