// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/pid/pid_queue.h"

namespace aqmlab {

const Explanation& PidQueue::Explain() {
  static const Explanation e{
      "PID compares the queue length with the reference queue many times a second and sets the "
      "drop probability from three parts: how far the queue is from the reference now "
      "(proportional gain), how long it has been off (integral gain), and how fast it is moving "
      "(derivative gain). Larger gains react faster but can make the queue swing.",
      LawPicture::kLoop,
      "queue length",
      "qref",
      "",
      "drop probability p",
      nullptr};
  return e;
}

}  // namespace aqmlab
