// Stability of one discipline on one network (spec/analysis.md sec. 3): the
// discipline's own rule (its folder's theory, aqm/theory/stability_rule.h
// for the verdict, the regions and sufficient rules), reached through the
// registry.
#pragma once

#include <string>

#include "aqm/registry.h"
#include "aqm/theory/discipline_theory.h"

namespace aqmlab::analysis {

using theory::LoopPlant;
using theory::ParamOr;
using theory::ParamValues;
using theory::Quantity;
using theory::StabilityReport;
using theory::VerdictOf;
using theory::kStableBelow;
using theory::kUnstableAbove;

// The rule of `entry` at `plant`; "none" with a sentence for a discipline
// without one.
StabilityReport AnalyseStability(const AqmEntry& entry, const ParamValues& params, const LoopPlant& plant);
// The same by registered name (an unknown name: "none").
StabilityReport AnalyseStability(const std::string& aqm, const ParamValues& params, const LoopPlant& plant);

}  // namespace aqmlab::analysis
