// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/fq_codel/fq_codel_queue.h"

namespace aqmlab {

const Explanation& FqCodelQueue::Explain() {
  static const Explanation e{
      "FQ-CoDel gives each flow its own queue and sends from them in turn, a quantum of bytes "
      "at a time, so one heavy flow cannot make the others wait. Each flow's queue runs CoDel: "
      "it drops from a flow whose packets keep waiting longer than the target for an interval.",
      LawPicture::kLoop,
      "each flow's queueing delay",
      "target_ms",
      "",
      "drop interval of each flow",
      nullptr};
  return e;
}

}  // namespace aqmlab
