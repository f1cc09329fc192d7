#include "analysis/fluid_laws.h"

#include "aqm/registry.h"
#include "aqm/theory/discipline_theory.h"

namespace aqmlab::analysis {

namespace {

const theory::DisciplineTheory* TheoryOf(const std::string& aqm) {
  const AqmEntry* e = FindAqm(aqm);
  return e && e->theory ? &e->theory() : nullptr;
}

}  // namespace

bool HasFluidLaw(const std::string& aqm) {
  const theory::DisciplineTheory* t = TheoryOf(aqm);
  return t && t->fluid_law;
}

Result<std::unique_ptr<FluidLaw>> MakeFluidLaw(const std::string& aqm, const ParamValues& params) {
  if (!HasFluidLaw(aqm)) {
    std::string names;
    for (const AqmEntry& e : AqmRegistry()) {
      if (!e.theory || !e.theory().fluid_law) continue;
      names += (names.empty() ? "" : ", ") + std::string(e.describe().name);
    }
    return Error{"aqm: the fluid model has no law for \"" + aqm + "\" (" + names + ")"};
  }
  std::unique_ptr<FluidLaw> law = TheoryOf(aqm)->fluid_law();
  law->Configure(params);
  return law;
}

}  // namespace aqmlab::analysis
