#include "aqm/fq_codel/fq_codel_queue.h"

#include "aqm/codel/codel_queue.h"

namespace aqmlab {

// Each flow queue runs CoDel: its rules are CoDel's.
Status FqCodelQueue::Validate(const fq_codel::Params& p) { return CodelQueue::Validate(p.Codel()); }

const AqmDescriptor& FqCodelQueue::Describe() {
  static const AqmDescriptor d{
      "fq_codel",
      "FQ-CoDel",
      "Hoeiland-Joergensen, McKenney, Taht, Gettys & Dumazet, The Flow Queue CoDel Packet "
      "Scheduler and Active Queue Management Algorithm, RFC 8290, 2018",
      "Hashes flows into queues served by deficit round robin, new flows first, with CoDel on "
      "each queue; a full buffer drops from the fattest flow.",
      SpecsOf<fq_codel::Params>(kFields),
      {{"active_flows", "Active flow queues", ""},
       {"new_flows", "New flow queues", ""},
       {"sojourn", "Sojourn time", "ms"},
       {"threshold_marks", "L4S threshold marks", ""},
       {"largest_flow_pkts", "Largest flow queue", "pkts"}},
      LawText{R"tex(\begin{gathered} \text{each flow's queue: CoDel} \\ \text{scheduler: deficit round robin (quantum)} \end{gathered})tex",
              "FQ-CoDel hashes flows into separate queues served in deficit round robin, with new flows served first, and runs CoDel on each queue. A bulk flow therefore cannot make a sparse one wait, and each flow's own standing queue is kept short. With an L4S threshold set (and ECN on), ECT(1) packets skip CoDel's law: one that waited longer than the threshold in its queue is marked at once.",
              "Hoeiland-Joergensen et al., FQ-CoDel (RFC 8290, 2018)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\text{flows})tex", LawSource::kSignal, "active_flows"},
               {R"tex(\text{sojourn})tex", LawSource::kSignal, "sojourn"},
               {R"tex(\text{target})tex", LawSource::kParam, "target_ms"}}},
      {{"target_ms", LevelChart::kDelay, "target", 1, ""}}};
  return d;
}

FqCodelQueue::FqCodelQueue(const QueueDiscEnv& env, const fq_codel::Params& params)
    : ParamQueue(env, params) {
  UseOwnStorage();
  queues_.Reset(static_cast<uint32_t>(params_.flows), env.seed);
}

Decision FqCodelQueue::OnDeparture(const DepartureContext& ctx) {
  fq_codel::Flow& flow = queues_.current();
  const bool markable = CongestWouldMark();
  const codel::Candidate c{ctx.now,         ctx.sojourn,            ctx.packet_bytes,
                           ctx.queue_bytes, flow.queue.empty(), markable,
                           DecidingEcn()};
  const codel::Verdict v = codel::Judge(params_.Codel(), flow.law, c);
  if (v.threshold_mark) ++threshold_marks_;
  const Decision d = v.decision;
  if (d != Decision::kPass && !markable) {
    queues_.ContinueAfterDrop();
  } else {
    queues_.ChargeSent(ctx.packet_bytes);
  }
  last_sojourn_ = ctx.sojourn;
  signal_share_ = codel::SignalShare(signal_share_, d);
  return d;
}

void FqCodelQueue::OnParamChanged(std::string_view) {
  const auto buckets = static_cast<uint32_t>(params_.flows);
  // The base's backlog and counters are unchanged: no packet enters or leaves.
  if (buckets != queues_.buckets()) queues_.Rebucket(buckets, Quantum());
}

Packet* FqCodelQueue::NextPacket(Time) {
  return queues_.Next(Quantum(), [](codel::State& s) { codel::OnEmpty(s); });
}

void FqCodelQueue::ReadSignals(std::span<double> out) const {
  out[0] = static_cast<double>(queues_.active_flows());
  out[1] = static_cast<double>(queues_.new_flows());
  out[2] = last_sojourn_.millis();
  out[3] = static_cast<double>(threshold_marks_);
  out[4] = static_cast<double>(queues_.LargestFlowPackets());
}

}  // namespace aqmlab
