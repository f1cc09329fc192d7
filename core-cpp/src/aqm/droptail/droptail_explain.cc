// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/droptail/droptail.h"

namespace aqmlab {

const Explanation& DropTailQueue::Explain() {
  static const Explanation e{
      "The simplest queue: packets wait in line and are sent in the order they came. Nothing is "
      "dropped until the buffer is full; then every arriving packet is dropped. It has no knob "
      "of its own, only the buffer size, so a busy link keeps a full buffer and long queueing "
      "delay.",
      LawPicture::kCurve,
      "",
      "",
      "",
      "",
      nullptr};
  return e;
}

}  // namespace aqmlab
