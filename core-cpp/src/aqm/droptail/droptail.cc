#include "aqm/droptail/droptail.h"

namespace aqmlab {

const AqmDescriptor& DropTailQueue::Describe() {
  static const AqmDescriptor d{
      "droptail", "Drop-tail", "FIFO with a finite buffer",
      "Drops arrivals only when the buffer is full.", SpecsOf<DropTailParams>(kFields), {},
      LawText{R"tex(\text{drop} \iff q = B)tex",
              "Drop-tail has no law at all: packets are admitted until the buffer is full. The only signal TCP gets is a burst of losses when the queue overflows, so the queue tends to sit near the buffer size and flows back off together. It is the baseline every AQM paper measures against.",
              "the FIFO baseline (no paper)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"}}},
      {}};
  return d;
}

}  // namespace aqmlab
