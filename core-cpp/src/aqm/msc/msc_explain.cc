// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/msc/msc_queue.h"

namespace aqmlab {

const Explanation& MscQueue::Explain() {
  static const Explanation e{
      "MSC watches two things on two time scales. Slowly, it measures the arrival rate: when "
      "more arrives than the link can send, it drops just the excess share, so the queue stops "
      "growing. Quickly, it adds or removes a little drop probability as the queue sits above "
      "or below the reference queue.",
      LawPicture::kLoop,
      "arrival rate and queue length",
      "qref",
      "",
      "drop probability p",
      nullptr};
  return e;
}

}  // namespace aqmlab
