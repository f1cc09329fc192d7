// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/pi/pi_queue.h"

namespace aqmlab {

const Explanation& PiQueue::Explain() {
  static const Explanation e{
      "PI is a controller from control engineering: many times a second (the sampling "
      "frequency) it compares the queue length with the reference queue. A queue above the "
      "reference nudges the drop probability up, below it nudges it down, and the nudges add up "
      "over time. Because they add up, the queue settles at the reference whatever the number "
      "of flows; the gains a and b set how big each nudge is.",
      LawPicture::kLoop,
      "queue length",
      "qref",
      "",
      "drop probability p",
      nullptr};
  return e;
}

}  // namespace aqmlab
