// The disciplines' laws as the fluid model sees them (spec/analysis.md sec.
// 2): each discipline's folder defines its own (aqm/theory/fluid_law.h);
// these find it through the registry.
#pragma once

#include <memory>
#include <string>

#include "analysis/stability.h"  // ParamValues
#include "aqm/theory/fluid_law.h"
#include "sim/result.h"

namespace aqmlab::analysis {

using theory::FluidLaw;
using theory::FluidTick;

// The law of `aqm`, configured with `params`; an error naming `aqm` and the
// disciplines that have one when it has none.
Result<std::unique_ptr<FluidLaw>> MakeFluidLaw(const std::string& aqm, const ParamValues& params);
bool HasFluidLaw(const std::string& aqm);

}  // namespace aqmlab::analysis
