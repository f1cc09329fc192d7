#include "aqm/droptail/droptail.h"

namespace aqmlab {

const AqmDescriptor& DropTailQueue::Describe() {
  static const AqmDescriptor d{
      "droptail", "Drop-tail", "FIFO with a finite buffer",
      "Drops arrivals only when the buffer is full.", SpecsOf<DropTailParams>(kFields), {}};
  return d;
}

}  // namespace aqmlab
