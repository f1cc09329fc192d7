// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/red/red_queue.h"
#include "aqm/red/red_theory.h"

namespace aqmlab {

const Explanation& RedQueue::Explain() {
  static const Explanation e{
      "RED watches a smoothed average of the queue length, so that a short burst does not count "
      "as congestion. Once the average passes the minimum threshold it drops (or ECN-marks) "
      "arriving packets at random, more often the longer the average: the drop probability "
      "climbs to the maximum probability at the maximum threshold. With gentle on it then rises "
      "on to 1 at twice the maximum threshold instead of jumping there. Random drops hit the "
      "flows sending most, and they slow down before the buffer overflows.",
      LawPicture::kCurve,
      "",
      "",
      "",
      "",
      &red::CurveAt};
  return e;
}

}  // namespace aqmlab
