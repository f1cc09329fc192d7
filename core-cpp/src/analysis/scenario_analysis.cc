#include "analysis/scenario_analysis.h"

#include "analysis/analysis_json.h"
#include "analysis/fluid_laws.h"
#include "analysis/scenario_mapping.h"

namespace aqmlab::analysis {

Json AnalyzeScenarioSide(const Scenario& s, int side) {
  if (side < 0 || side >= static_cast<int>(s.sides.size())) {
    return ErrorResult("side: must be an integer in [0, " + std::to_string(s.sides.size() - 1) + "]");
  }
  const ScenarioModels m = MapScenario(s, side);
  const FluidInput& f = m.fluid;
  Json out{{"ok", true}, {"side", side}, {"discipline", f.aqm}};
  out["mapping"] = Json{{"flows", f.flows},           {"capacity_pps", f.capacity_pps},
                        {"rtt_s", f.prop_rtt_s},      {"buffer_pkts", f.buffer_pkts},
                        {"open_loop_pps", f.open_loop_pps}, {"events", f.events.size()}};
  std::vector<std::string> notes = m.notes;
  out["fluid"] = nullptr;
  if (HasFluidLaw(f.aqm)) {
    auto t = RunFluidModel(f);
    if (t.ok()) {
      out["fluid"] = FluidJson(t.value());
    } else {
      notes.push_back("fluid: " + t.error());
    }
  }
  out["equilibrium"] = nullptr;
  if (f.flows >= 1) {
    out["equilibrium"] = EquilibriumJson(Equilibrium(f));
    out["stability"] = StabilityJson(AnalyseStability(f.aqm, f.params, PlantOf(f)));
  } else {
    StabilityReport none;
    none.discipline = f.aqm;
    none.rule = "no long-lived TCP flows at t = 0: no feedback loop to analyse";
    out["stability"] = StabilityJson(none);
    notes.push_back("equilibrium: none without long-lived TCP flows at t = 0 (W0 = R0 C / N needs N >= 1)");
  }
  out["queue_model"] = nullptr;
  if (m.chain) {
    auto r = SolveMmppChain(*m.chain);
    if (r.ok()) {
      out["queue_model"] = ChainJson(r.value());
      out["queue_model"]["source_labels"] = m.chain_labels;
    } else {
      notes.push_back("queue_model: " + r.error());
    }
  }
  out["notes"] = notes;
  return out;
}

}  // namespace aqmlab::analysis
