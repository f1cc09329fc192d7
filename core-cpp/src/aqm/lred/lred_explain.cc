// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/lred/lred_queue.h"

namespace aqmlab {

const Explanation& LredQueue::Explain() {
  static const Explanation e{
      "LRED measures the share of packets lost over the last few measurement periods (the loss "
      "ratio) and uses it as the base drop probability: it is about what the flows need to stay "
      "in check. It then adds a correction proportional to how far the queue is from the target "
      "queue, so the queue is pulled to that target. The queue gain sets how strong that "
      "correction is.",
      LawPicture::kLoop,
      "loss ratio and queue length",
      "q0",
      "",
      "drop probability p",
      nullptr};
  return e;
}

}  // namespace aqmlab
