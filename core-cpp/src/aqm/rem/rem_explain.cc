// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/rem/rem_queue.h"

namespace aqmlab {

const Explanation& RemQueue::Explain() {
  static const Explanation e{
      "REM keeps a congestion price that every update interval rises while the queue is above "
      "its target backlog or growing, and falls otherwise. The drop probability is a smooth "
      "function of that price, so a higher price means more drops. Gamma sets how fast the "
      "price moves; alpha weighs the backlog against the queue's growth.",
      LawPicture::kLoop,
      "queue length and its growth",
      "q0",
      "",
      "drop probability (from the price)",
      nullptr};
  return e;
}

}  // namespace aqmlab
