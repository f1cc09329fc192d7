// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/ared/ared_queue.h"
#include "aqm/red/red_theory.h"

namespace aqmlab {

const Explanation& AredQueue::Explain() {
  static const Explanation e{
      "Adaptive RED is RED (a random drop probability that grows with the average queue between "
      "two thresholds) that tunes its own steepness. Every adaptation interval it looks at the "
      "average queue: above a band around the middle of the two thresholds it raises the "
      "maximum probability a little, below the band it lowers it. The curve drawn here starts "
      "from the slider's maximum probability; during a run the discipline moves its top.",
      LawPicture::kCurve,
      "",
      "",
      "",
      "",
      &red::CurveAt};
  return e;
}

}  // namespace aqmlab
