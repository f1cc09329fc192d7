#include "aqm/avq/avq_queue.h"

#include <algorithm>

namespace aqmlab {

const AqmDescriptor& AvqQueue::Describe() {
  static const AqmDescriptor d{
      "avq",
      "AVQ",
      "Kunniyur & Srikant, Analysis and design of an adaptive virtual queue (AVQ) algorithm for "
      "active queue management, SIGCOMM 2001",
      "Marks arrivals that overflow a virtual queue served at Cv <= C, and adapts Cv so the "
      "arrival rate settles at gamma times the capacity.",
      SpecsOf<avq::Params>(kFields),
      {{"cv", "Virtual capacity", "Mb/s"}, {"vq", "Virtual queue", "pkts"}},
      LawText{R"tex(\dot{\tilde C} = \alpha\,(\gamma C - \lambda),\qquad \text{drop} \iff VQ + s > B)tex",
              "AVQ runs a virtual queue served at a capacity a little below the real one and drops a real packet whenever the virtual queue would overflow. The virtual capacity is adapted so that the link runs at the desired utilisation gamma, keeping the real queue short.",
              "Kunniyur & Srikant, AVQ (SIGCOMM 2001)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\gamma)tex", LawSource::kParam, "gamma"},
               {R"tex(\alpha)tex", LawSource::kParam, "alpha"},
               {R"tex(\tilde C)tex", LawSource::kSignal, "cv"},
               {R"tex(VQ)tex", LawSource::kSignal, "vq"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {}};
  return d;
}

AvqQueue::AvqQueue(const QueueDiscEnv& env, const avq::Params& params)
    : ParamQueue(env, params), state_(avq::Initial(CapacityBytesPerSecond())) {}

Decision AvqQueue::OnArrival(const ArrivalContext& ctx) {
  const double buffer_bytes =
      static_cast<double>(link().buffer_packets) * static_cast<double>(link().typical_packet);
  return avq::OnArrival(params_, state_, ctx.now, ctx.packet_bytes, CapacityBytesPerSecond(),
                        buffer_bytes, {!CongestWouldMark(), ctx.buffer_full});
}

void AvqQueue::OnCapacityChanged() {
  state_.cv_bytes_ps = std::min(state_.cv_bytes_ps, CapacityBytesPerSecond());
}

void AvqQueue::ReadSignals(std::span<double> out) const {
  out[0] = state_.cv_bytes_ps * 8e-6;
  out[1] = state_.vq_bytes / static_cast<double>(link().typical_packet);
}

}  // namespace aqmlab
