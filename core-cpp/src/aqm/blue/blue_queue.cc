#include "aqm/blue/blue_queue.h"

namespace aqmlab {

const AqmDescriptor& BlueQueue::Describe() {
  static const AqmDescriptor d{
      "blue",
      "BLUE",
      "Feng, Kandlur, Saha & Shin, The BLUE active queue management algorithms, IEEE/ACM ToN "
      "2002",
      "Raises the marking probability on buffer overflow and lowers it when the link goes idle.",
      SpecsOf<blue::Params>(kFields),
      {}};
  return d;
}

Decision BlueQueue::OnArrival(const ArrivalContext& ctx) {
  if (ctx.buffer_full) {
    blue::OnOverflow(params_, state_, ctx.now);
    return Decision::kPass;  // the base drops it as an overflow
  }
  return blue::Decide(state_, ctx.uniform);
}

}  // namespace aqmlab
