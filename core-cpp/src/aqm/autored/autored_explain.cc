// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/autored/autored_queue.h"
#include "aqm/red/red_theory.h"

namespace aqmlab {

const Explanation& AutoRedQueue::Explain() {
  static const Explanation e{
      "AutoRED is RED (or Adaptive RED) with the same drop curve, but it changes how quickly "
      "its average follows the queue. When the queue has lately been above its average about as "
      "often as below, or jumps far from it, the average follows faster; in a larger buffer it "
      "follows slower. The aim is a queue that oscillates less.",
      LawPicture::kCurve,
      "",
      "",
      "",
      "",
      &red::CurveAt};
  return e;
}

}  // namespace aqmlab
