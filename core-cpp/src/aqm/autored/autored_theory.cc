// AutoRED's analysis models: RED's at its base setting (aqm/red/red_theory.h);
// the adaptive weight is not modelled, and the rule says so.
#include "aqm/autored/autored_queue.h"
#include "aqm/red/red_theory.h"

namespace aqmlab {

const theory::DisciplineTheory& AutoRedQueue::Theory() {
  static const theory::DisciplineTheory t = red::TheoryWith(
      [](const theory::ParamValues& p, const theory::LoopPlant& pl) { return red::Stability(p, pl, "autored"); });
  return t;
}

}  // namespace aqmlab
