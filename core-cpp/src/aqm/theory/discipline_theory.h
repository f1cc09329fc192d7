// What a discipline tells the analysis models about itself (analysis/):
// its fluid law, the queue it holds at equilibrium, its stability rule and
// its static drop curve. Each discipline's folder defines one and returns
// it from its queue class's static Theory(); the registry (aqm/registry.h)
// reaches it from there, so no analysis file lists disciplines. Every
// member may be left empty: the analysis then says the discipline has no
// such model.
#pragma once

#include <memory>
#include <optional>

#include "aqm/theory/fluid_law.h"
#include "aqm/theory/stability_rule.h"

namespace aqmlab::theory {

// The network the equilibrium is sought on.
struct SteadyPlant {
  double flows = 1;         // N (at least 1e-9)
  double capacity_pps = 1;  // C
  double prop_rtt_s = 0.1;  // Tp
  double buffer_pkts = 1;   // B
};

struct DisciplineTheory {
  // A fresh fluid law (analysis/fluid_model.h configures it).
  std::unique_ptr<FluidLaw> (*fluid_law)() = nullptr;
  // The queue the law holds at equilibrium (PI's qref, RED's crossing of
  // its curve with p0, drop-tail's B); nullopt where it fixes none.
  std::optional<double> (*steady_queue)(const ParamValues& params, const SteadyPlant& plant) = nullptr;
  // The papers' rule on the linearised loop at `plant` (stability_rule.h).
  StabilityReport (*stability)(const ParamValues& params, const LoopPlant& plant) = nullptr;
  // The probability of an early drop at instantaneous queue q, for the
  // MMPP chain; only for a law that is a static curve of the queue.
  double (*drop_curve)(const ParamValues& params, double q) = nullptr;
  // No early drop at all (drop-tail): the chain models it without a curve.
  bool no_early_drop = false;
};

}  // namespace aqmlab::theory
