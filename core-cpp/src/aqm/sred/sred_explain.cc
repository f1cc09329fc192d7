// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/sred/sred_queue.h"
#include "aqm/red/red_theory.h"

namespace aqmlab {

const Explanation& SredQueue::Explain() {
  static const Explanation e{
      "Self-configuring RED is RED (a random drop probability that grows with the average queue "
      "between two thresholds) that adjusts its maximum probability itself. When the average "
      "queue falls below the minimum threshold it divides the maximum probability by the "
      "decrease divisor; when it rises above the maximum threshold it multiplies it by the "
      "increase factor. The curve drawn here starts from the slider's maximum probability; "
      "during a run its top moves.",
      LawPicture::kCurve,
      "",
      "",
      "",
      "",
      &red::CurveAt};
  return e;
}

}  // namespace aqmlab
