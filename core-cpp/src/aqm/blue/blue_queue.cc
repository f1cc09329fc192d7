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
      {},
      LawText{R"tex(p \leftarrow \begin{cases} p + d_1 & \text{buffer overflow}\\ p - d_2 & \text{link idle}\end{cases})tex",
              "BLUE ignores the queue length and reacts to the two events that say a queue is mismanaged: a buffer overflow (drop more) and an idle link (drop less). Each change is followed by a freeze time so one episode moves p only once.",
              "Feng, Kandlur, Saha & Shin, The BLUE AQM algorithms (IEEE/ACM ToN 2002)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(d_1)tex", LawSource::kParam, "d1"},
               {R"tex(d_2)tex", LawSource::kParam, "d2"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
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
