// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/pie/pie_queue.h"

namespace aqmlab {

const Explanation& PieQueue::Explain() {
  static const Explanation e{
      "PIE estimates how long packets wait in the queue (the queueing delay) and compares it "
      "with the target delay every update interval. It raises the drop probability when the "
      "delay is above the target or growing, lowers it when below or shrinking, and drops "
      "arriving packets with that probability. Alpha and beta set how hard it reacts to the "
      "delay's distance from target and to its trend; the burst allowance lets a short burst "
      "through untouched.",
      LawPicture::kLoop,
      "queueing delay",
      "target_ms",
      "",
      "drop probability p",
      nullptr};
  return e;
}

}  // namespace aqmlab
