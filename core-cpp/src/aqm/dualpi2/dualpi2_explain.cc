// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README (RFC 9332's coupled dual queue).
#include "aqm/dualpi2/dualpi2_queue.h"

namespace aqmlab {

const Explanation& DualPi2Queue::Explain() {
  static const Explanation e{
      "DualPI2 sorts packets into two queues by their ECN field: those of scalable senders "
      "such as TCP Prague (ECT(1)) into a shallow L4S queue, all the others into the Classic "
      "queue. One controller watches the longer of the two queueing delays and moves a base "
      "probability p' toward the target delay. Classic packets are dropped or marked with p' "
      "squared, L4S packets marked with k times p', or at once when they waited longer than "
      "the L step threshold. The square makes a Classic and a scalable flow get about the same "
      "rate, while the L4S queue stays nearly empty; a weighted round robin keeps a share of "
      "the link for the Classic queue.",
      LawPicture::kLoop,
      "the longer queueing delay of the two queues",
      "target_ms",
      "",
      "base probability p' (Classic p'^2, L4S k p')",
      nullptr};
  return e;
}

}  // namespace aqmlab
