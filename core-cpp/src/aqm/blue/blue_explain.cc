// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/blue/blue_queue.h"

namespace aqmlab {

const Explanation& BlueQueue::Explain() {
  static const Explanation e{
      "BLUE does not look at the queue length at all. Each time the buffer overflows it raises "
      "its drop probability by the increment; each time the link runs out of packets to send it "
      "lowers it by the decrement. The freeze time is the least wait between two changes, so "
      "one burst of overflows counts once.",
      LawPicture::kLoop,
      "buffer overflows and idle link",
      "",
      "no overflow and no idle link",
      "drop probability p",
      nullptr};
  return e;
}

}  // namespace aqmlab
