// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/fq_pie/fq_pie_queue.h"

namespace aqmlab {

const Explanation& FqPieQueue::Explain() {
  static const Explanation e{
      "FQ-PIE gives each flow its own queue and sends from them in turn, so one heavy flow "
      "cannot make the others wait. Each flow's queue runs PIE: a drop probability that rises "
      "while that flow's packets wait longer than the target delay and falls when they wait "
      "less.",
      LawPicture::kLoop,
      "each flow's queueing delay",
      "target_ms",
      "",
      "drop probability of each flow",
      nullptr};
  return e;
}

}  // namespace aqmlab
