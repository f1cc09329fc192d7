// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/avq/avq_queue.h"

namespace aqmlab {

const Explanation& AvqQueue::Explain() {
  static const Explanation e{
      "AVQ runs a pretend queue beside the real one, drained a little slower than the real "
      "link. A packet that would overflow the pretend queue is dropped (or marked) from the "
      "real one, so senders slow down before the real queue builds. It keeps adjusting the "
      "pretend link's speed so that the arrival rate settles at the desired utilisation of the "
      "link; damping sets how fast it adjusts.",
      LawPicture::kLoop,
      "arrival rate",
      "gamma",
      "",
      "virtual capacity (drops when the virtual queue overflows)",
      nullptr};
  return e;
}

}  // namespace aqmlab
