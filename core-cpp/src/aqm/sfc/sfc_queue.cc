#include "aqm/sfc/sfc_queue.h"

namespace aqmlab {

const AqmDescriptor& SfcQueue::Describe() {
  static const AqmDescriptor d{
      "sfc",
      "SFC",
      "Gao & Hou, A state feedback control approach to stabilizing queues for ECN-enabled TCP "
      "connections, INFOCOM 2003",
      "Feeds back the queue's offset from q0 and the input rate's excess over the capacity.",
      SpecsOf<sfc::Params>(kFields),
      {{"rate", "Input rate", "pkts/s"}}};
  return d;
}

SfcQueue::SfcQueue(const QueueDiscEnv& env, const sfc::Params& params)
    : ParamQueue(env, params), state_(sfc::Initial(env.link.CapacityPacketsPerSecond())) {}

Decision SfcQueue::OnArrival(const ArrivalContext& ctx) {
  const double typical = static_cast<double>(link().typical_packet);
  sfc::MeasureArrival(params_, state_, ctx.now, static_cast<double>(ctx.packet_bytes) / typical);
  return sfc::Decide(params_, state_, static_cast<double>(ctx.queue_packets),
                     link().CapacityPacketsPerSecond(), ctx.uniform);
}

void SfcQueue::ReadSignals(std::span<double> out) const { out[0] = state_.rate_pps; }

}  // namespace aqmlab
