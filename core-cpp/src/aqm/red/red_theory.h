// RED's theory (spec/analysis.md): its curve as the fluid model's law (the
// per-packet EWMA as the low-pass filter avg' = -A ln(1 - wq) (q - avg), A
// the arrival rate), the queue where the curve meets p0, and Hollot et
// al.'s stability condition on the piece of the curve the equilibrium sits
// on. ARED and AutoRED use the same at their current setting (their
// adaptation is not modelled) and say so.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "aqm/red/red_law.h"
#include "aqm/theory/discipline_theory.h"

namespace aqmlab::red {

// The curve's parameters from the analysis's values (RED's defaults where absent).
Params ShapeOf(const theory::ParamValues& p);
// The curve at average queue `avg`.
double CurveAt(const theory::ParamValues& p, double avg);

std::unique_ptr<theory::FluidLaw> MakeFluidLaw();
std::optional<double> SteadyQueue(const theory::ParamValues& p, const theory::SteadyPlant& plant);
// Hollot et al.'s rule; `name` is the discipline judged (ared and autored
// at their current setting).
theory::StabilityReport Stability(const theory::ParamValues& p, const theory::LoopPlant& plant,
                                  const std::string& name);
// The linearised loop, with the slope of the piece the equilibrium sits on
// (the ramp's off the ramp and the gentle ramp).
theory::OpenLoop Loop(const theory::ParamValues& p, const theory::LoopPlant& plant);

// RED's fluid law and equilibrium with `rule` as the stability rule (ARED's
// and AutoRED's name themselves); no static drop curve (theirs adapts).
theory::DisciplineTheory TheoryWith(theory::StabilityReport (*rule)(const theory::ParamValues&,
                                                                   const theory::LoopPlant&));

}  // namespace aqmlab::red
