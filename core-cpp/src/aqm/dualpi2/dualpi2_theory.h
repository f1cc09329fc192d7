// DualPI2's theory (dualpi2_theory.cc): the PI2 loop on the Classic flows,
// for the stability rule and its tests.
#pragma once

#include "aqm/dualpi2/dualpi2_law.h"
#include "aqm/theory/discipline_theory.h"

namespace aqmlab::dualpi2 {

// K (s/z + 1)/s * (2 p'_0 / C) on Hollot's TCP plant at `plant`, with
// K = alpha / T and K / z = (alpha + 2 beta) / 2; `p_base0`, when given,
// receives p'_0 = sqrt(2) N / (R C).
theory::OpenLoop Pi2ClassicLoop(const Params& p, const theory::LoopPlant& plant, double* p_base0 = nullptr);

theory::StabilityReport Stability(const theory::ParamValues& v, const theory::LoopPlant& plant);

}  // namespace aqmlab::dualpi2
