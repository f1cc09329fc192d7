#include "aqm/fq_pie/fq_pie_queue.h"

namespace aqmlab {

const AqmDescriptor& FqPieQueue::Describe() {
  static const AqmDescriptor d{
      "fq_pie",
      "FQ-PIE",
      "Ramakrishnan, Bhasi, Saicharan, Monis, Patil & Tahiliani, FQ-PIE queue discipline in the "
      "Linux kernel: design, implementation and challenges, IEEE LCN 2019 (Linux sch_fq_pie)",
      "Hashes flows into queues served by deficit round robin, new flows first, with PIE on "
      "each queue: each arrival is dropped with its own flow's probability.",
      SpecsOf<fq_pie::Params>(kFields),
      {{"active_flows", "Active flow queues", ""},
       {"new_flows", "New flow queues", ""},
       {"qdelay", "Flow delay estimate", "ms"},
       {"over_memory", "Arrivals over the memory limit", ""},
       {"largest_flow_pkts", "Largest flow queue", "pkts"}},
      LawText{R"tex(\begin{gathered} \text{each flow's queue: PIE on its own delay} \\ \text{scheduler: deficit round robin (quantum)} \end{gathered})tex",
              "FQ-PIE is the flow queueing of FQ-CoDel with PIE in place of CoDel: flows hashed into separate queues served in deficit round robin, new flows first, and each queue with its own PIE probability, raised while that flow's packets wait longer than the target. An arrival is dropped with its own flow's probability, so a heavy flow is held back without touching a light one.",
              "Ramakrishnan et al., FQ-PIE in the Linux kernel (IEEE LCN 2019)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\text{flows})tex", LawSource::kSignal, "active_flows"},
               {R"tex(\tau)tex", LawSource::kSignal, "qdelay"},
               {R"tex(\tau_{ref})tex", LawSource::kParam, "target_ms"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"target_ms", LevelChart::kDelay, "target", 1, ""}}};
  return d;
}

FqPieQueue::FqPieQueue(const QueueDiscEnv& env, const fq_pie::Params& params)
    : ParamQueue(env, params) {
  UseOwnStorage();
  queues_.Reset(static_cast<uint32_t>(params_.flows), env.seed, pie::Initial(params_.Pie()));
  StartPeriodicTimer(Time::Millis(params_.t_update_ms));
}

Decision FqPieQueue::OnArrival(const ArrivalContext& ctx) {
  // sch_fq_pie: the packet limit first (the base refuses the arrival), then
  // the memory test, which Linux only counts.
  if (ctx.buffer_full) return Decision::kPass;
  if (ctx.queue_bytes > params_.memory_limit + ctx.packet_bytes) ++over_memory_;
  const fq_pie::Flow& f = queues_.flow(queues_.Classify(DecidingFlow()));
  return fq_pie::OnArrival(params_, f, link().typical_packet, CongestWouldMark(), ctx.uniform);
}

Decision FqPieQueue::OnDeparture(const DepartureContext& ctx) {
  fq_pie::OnDeparture(queues_.current(), ctx.sojourn);
  queues_.ChargeSent(ctx.packet_bytes);
  last_qdelay_ = ctx.sojourn;
  return Decision::kPass;
}

Packet* FqPieQueue::NextPacket(Time) {
  // A flow found empty has had its delay set to zero by its last departure.
  return queues_.Next(params_.quantum, [](pie::State&) {});
}

void FqPieQueue::OnTimer(Time) {
  max_p_ = fq_pie::UpdateAll(params_, queues_);
}

void FqPieQueue::OnParamChanged(std::string_view name) {
  if (name == "t_update_ms") StartPeriodicTimer(Time::Millis(params_.t_update_ms));
  const auto buckets = static_cast<uint32_t>(params_.flows);
  if (buckets != queues_.buckets()) {
    queues_.Rebucket(buckets, params_.quantum, pie::Initial(params_.Pie()));
    max_p_ = 0;
  }
}

void FqPieQueue::ReadSignals(std::span<double> out) const {
  out[0] = static_cast<double>(queues_.active_flows());
  out[1] = static_cast<double>(queues_.new_flows());
  out[2] = last_qdelay_.millis();
  out[3] = static_cast<double>(over_memory_);
  out[4] = static_cast<double>(queues_.LargestFlowPackets());
}

}  // namespace aqmlab
