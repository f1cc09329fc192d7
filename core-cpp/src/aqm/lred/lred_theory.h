// LRED's theory (Wang, Li, Hou, Sohraby & Lin 2004): the loss ratio l over
// the last M periods as the fluid model's law, p = l + beta sqrt(l) (q - q0)
// (AOPC's is the same with its own gain, aqm/aopc/aopc_theory.cc); the queue
// held at q0; and beta_hat (lred_stability.h), sufficient.
#pragma once

#include <memory>

#include "aqm/theory/discipline_theory.h"

namespace aqmlab::lred {

// LRED's TCP model: p0 = eta N^2 / (R C)^2.
inline constexpr double kEta = 1.5;

// The loss-ratio law; `aopc` takes AOPC's gain instead of beta sqrt(l).
std::unique_ptr<theory::FluidLaw> MakeLossRatioLaw(bool aopc);

// LRED's loop Kc Hc e^{-Rs} / (s (s + K11)), eta = 1.5.
theory::OpenLoop LossRatioLoop(double hc, const theory::LoopPlant& plant);

theory::StabilityReport Stability(const theory::ParamValues& p, const theory::LoopPlant& plant);

// LRED's and AOPC's theory: the loss-ratio law (AOPC's gain when `aopc`),
// the queue held at q0 (B/4 unset) and the discipline's own rule.
theory::DisciplineTheory LossRatioTheory(bool aopc, decltype(theory::DisciplineTheory::stability) rule);

}  // namespace aqmlab::lred
