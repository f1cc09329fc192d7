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
      {{"rate", "Input rate", "pkts/s"}},
      LawText{R"tex(p = k_1\,(q - q_0) + a\,(x - C))tex",
              "State feedback uses both states of the fluid model: the queue error and the mismatch between the measured input rate and the capacity. Feeding back the rate as well as the queue lets the controller act before the queue has grown.",
              "Gao & Hou, A state feedback control approach to stabilizing queues for ECN-enabled TCP (INFOCOM 2003)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(q_0)tex", LawSource::kParam, "q0"},
               {R"tex(k_1)tex", LawSource::kParam, "k1"},
               {R"tex(a)tex", LawSource::kParam, "a"},
               {R"tex(x)tex", LawSource::kSignal, "rate"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"q0", LevelChart::kQueue, "q0", 1, ""}}};
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
