// ARED's analysis models: RED's at its current setting (aqm/red/red_theory.h);
// the adaptation of max_p is not modelled, and the rule says so.
#include "aqm/ared/ared_queue.h"
#include "aqm/red/red_theory.h"

namespace aqmlab {

const theory::DisciplineTheory& AredQueue::Theory() {
  static const theory::DisciplineTheory t = red::TheoryWith(
      [](const theory::ParamValues& p, const theory::LoopPlant& pl) { return red::Stability(p, pl, "ared"); });
  return t;
}

}  // namespace aqmlab
