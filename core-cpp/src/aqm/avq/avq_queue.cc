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
      {{"cv", "Virtual capacity", "Mb/s"}, {"vq", "Virtual queue", "pkts"}}};
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
