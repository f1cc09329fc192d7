#include "analysis/stability.h"

namespace aqmlab::analysis {

StabilityReport AnalyseStability(const AqmEntry& entry, const ParamValues& params, const LoopPlant& plant) {
  const std::string name(entry.describe().name);
  StabilityReport r;
  if (entry.theory && entry.theory().stability) {
    r = entry.theory().stability(params, plant);
  } else {
    r.rule = "no linear analysis for " + name + " in the papers the lab follows";
  }
  r.discipline = name;
  return r;
}

StabilityReport AnalyseStability(const std::string& aqm, const ParamValues& params, const LoopPlant& plant) {
  if (const AqmEntry* e = FindAqm(aqm)) return AnalyseStability(*e, params, plant);
  StabilityReport r;
  r.rule = "no linear analysis for " + aqm + " in the papers the lab follows";
  r.discipline = aqm;
  return r;
}

}  // namespace aqmlab::analysis
