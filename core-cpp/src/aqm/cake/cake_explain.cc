// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README.
#include "aqm/cake/cake_queue.h"

namespace aqmlab {

const Explanation& CakeQueue::Explain() {
  static const Explanation e{
      "CAKE gives each flow its own queue and sends from them in turn, flows that send little "
      "first, so a heavy or unresponsive flow cannot make the others wait. Each queue runs "
      "COBALT, which drops (or marks) leaving packets while they wait longer than the Target, "
      "and adds a drop probability for a flow that ignores drops. A Shaper rate below the "
      "link's keeps the queue here rather than in a modem downstream.",
      LawPicture::kLoop,
      "each flow's queueing delay and buffer overflows",
      "target_ms",
      "",
      "drop interval and drop probability of each flow",
      nullptr};
  return e;
}

}  // namespace aqmlab
