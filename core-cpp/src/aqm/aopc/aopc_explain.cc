// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/aopc/aopc_queue.h"

namespace aqmlab {

const Explanation& AopcQueue::Explain() {
  static const Explanation e{
      "AOPC works like LRED: the measured loss ratio is the base drop probability, plus a "
      "correction proportional to the queue's distance from the target queue. After every "
      "measurement period it recomputes the strength of that correction from the loss ratio and "
      "the assumed round-trip time, so that the queue returns to its target quickly without "
      "overshooting much.",
      LawPicture::kLoop,
      "loss ratio and queue length",
      "q0",
      "",
      "drop probability p",
      nullptr};
  return e;
}

}  // namespace aqmlab
