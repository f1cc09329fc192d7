// PI's theory (Hollot, Misra, Towsley & Gong 2001; spec/analysis.md): the
// controller on the fluid model at its own sampling rate, the queue held at
// qref, and the linearised loop K (s/z + 1)/s on TCP's plant
// (C^2 / 2N) e^{-sR} / ((s + 2N/(R^2 C)) (s + 1/R)), judged by its Nyquist
// ratio. REM is the same loop with its own K and z (aqm/rem/rem_theory.cc).
#pragma once

#include "aqm/theory/discipline_theory.h"

namespace aqmlab::pi {

// PI's discrete gains (a, b at f Hz) as K (s/z + 1) / s: K = (a - b) f,
// K / z = (a + b) / 2 (the bilinear map of p += a e(k) - b e(k-1)).
struct PiContinuous {
  double k;
  double z;
};
PiContinuous PiFromDiscrete(double a, double b, double freq_hz);

// PI with a continuous controller K (s/z + 1) / s on TCP's plant.
theory::OpenLoop PiLoop(double k, double z, const theory::LoopPlant& plant);

// TCP's plant in TeX, for the rules built on it.
extern const char* const kPlantTex;

// Completes `r` for the controller `ctl` on `plant`: the plant's numbers,
// the design rule's suggestion, the loop and its verdict.
theory::StabilityReport PiLike(PiContinuous ctl, const theory::LoopPlant& plant, theory::StabilityReport r);

theory::StabilityReport Stability(const theory::ParamValues& p, const theory::LoopPlant& plant);

}  // namespace aqmlab::pi
