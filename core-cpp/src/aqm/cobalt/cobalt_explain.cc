// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/cobalt/cobalt_queue.h"

namespace aqmlab {

const Explanation& CobaltQueue::Explain() {
  static const Explanation e{
      "COBALT combines two controllers. Like CoDel it drops leaving packets, sooner and sooner, "
      "while their queueing delay stays above the target for an interval. Like BLUE it also "
      "keeps a drop probability that rises when the buffer overflows and falls when the queue "
      "empties, which catches senders that ignore drops.",
      LawPicture::kLoop,
      "queueing delay and buffer overflows",
      "target_ms",
      "",
      "drop interval and drop probability",
      nullptr};
  return e;
}

}  // namespace aqmlab
