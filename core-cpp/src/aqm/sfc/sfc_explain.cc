// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/sfc/sfc_queue.h"

namespace aqmlab {

const Explanation& SfcQueue::Explain() {
  static const Explanation e{
      "SFC sets the drop probability at every arrival from two measurements: how far the queue "
      "is above the reference queue, and how much faster packets arrive than the link can send. "
      "The queue gain and the rate gain weigh the two; the rate term reacts before the queue "
      "has grown.",
      LawPicture::kLoop,
      "queue length and input rate",
      "q0",
      "",
      "drop probability p",
      nullptr};
  return e;
}

}  // namespace aqmlab
