// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/codel/codel_queue.h"

namespace aqmlab {

const Explanation& CodelQueue::Explain() {
  static const Explanation e{
      "CoDel looks at how long each packet waited in the queue (its queueing delay), not at how "
      "many packets wait. If the delay stays above the target for a whole interval, it drops a "
      "packet as it leaves, then drops again sooner and sooner until the delay dips below the "
      "target. Short bursts pass untouched; only a queue that never drains is treated as "
      "congestion.",
      LawPicture::kLoop,
      "queueing delay",
      "target_ms",
      "",
      "drop interval",
      nullptr};
  return e;
}

}  // namespace aqmlab
