#include "aqm/cake/cake_queue.h"

#include "aqm/codel/codel_queue.h"

namespace aqmlab {

// COBALT's CoDel part has CoDel's rule: target below interval.
Status CakeQueue::Validate(const cake::Params& p) {
  return CodelQueue::Validate({p.target_ms, p.interval_ms});
}

const AqmDescriptor& CakeQueue::Describe() {
  static const AqmDescriptor d{
      "cake",
      "CAKE",
      "Hoeiland-Joergensen, Taht & Morton, Piece of CAKE: A Comprehensive Queue Management "
      "Solution for Home Gateways, IEEE LANMAN 2018 (Linux sch_cake, one best-effort tin)",
      "Hashes flows into 1024 queues (8-way set-associative), serves sparse flows before bulk "
      "ones by DRR++, runs COBALT on each queue, drops from the fattest queue when full and "
      "can shape to a set rate.",
      SpecsOf<cake::Params>(kFields),
      {{"active_flows", "Active flow queues", ""},
       {"largest_flow_pkts", "Largest flow queue", "pkts"},
       {"sparse_flows", "Sparse flow queues", ""},
       {"bulk_flows", "Bulk flow queues", ""},
       {"sojourn", "Sojourn time", "ms"},
       {"way_collisions", "Hash collisions", ""}},
      LawText{R"tex(\begin{gathered} \text{each flow's queue: COBALT (CoDel + BLUE)} \\ \text{scheduler: DRR++, sparse flows first (quantum)} \end{gathered})tex",
              "CAKE gives each flow its own queue through a set-associative hash, so two flows share a queue only when all eight queues of a set are busy. Its DRR++ scheduler serves flows that send little (sparse) before the bulk flows, a quantum of bytes at a time, and each queue runs COBALT: CoDel's drop schedule for flows that respond, BLUE's probability for those that do not. When the buffer is full it drops from the longest queue, and a shaper can hold the output to a set rate so that the queue forms here and not in a device downstream.",
              "Hoeiland-Joergensen, Taht & Morton, Piece of CAKE (IEEE LANMAN 2018)",
              {{R"tex(q)tex", LawSource::kColumn, "queue_pkts"},
               {R"tex(\text{flows})tex", LawSource::kSignal, "active_flows"},
               {R"tex(q_{max})tex", LawSource::kSignal, "largest_flow_pkts"},
               {R"tex(\text{sojourn})tex", LawSource::kSignal, "sojourn"},
               {R"tex(\text{target})tex", LawSource::kParam, "target_ms"},
               {R"tex(p)tex", LawSource::kColumn, "p"}}},
      {{"target_ms", LevelChart::kDelay, "target", 1, ""}}};
  return d;
}

CakeQueue::CakeQueue(const QueueDiscEnv& env, const cake::Params& params)
    : ParamQueue(env, params) {
  UseOwnStorage();
  table_.Reset(env.seed);
  Retune();
}

void CakeQueue::Retune() {
  tuning_ = cake::Tune(params_);
  cobalt_ = tuning_.Cobalt();
  SetShaperRate(tuning_.rate_bps);
}

Decision CakeQueue::OnArrival(const ArrivalContext& ctx) {
  if (ctx.buffer_full) overflow_at_ = ctx.now;
  return Decision::kPass;
}

Packet* CakeQueue::OverflowVictim(Packet* arrival) {
  return table_.DropFromFattest(arrival, cobalt_, overflow_at_);
}

Packet* CakeQueue::NextPacket(Time now) { return table_.Next(tuning_.quantum, cobalt_, now); }

Decision CakeQueue::OnDeparture(const DepartureContext& ctx) {
  cake::Flow& flow = table_.current();
  const bool markable = CongestWouldMark();
  const cobalt::Candidate c{ctx.now, ctx.sojourn, tuning_.Floor(), markable, ctx.uniform};
  const double blue_before = flow.law.blue.p;
  Decision d = cobalt::OnDequeue(cobalt_, flow.law, c);
  table_.NoteCurrentBlue(blue_before);
  last_sojourn_ = ctx.sojourn;
  // The last packet of a queue is never dropped (a mark still stands).
  if (flow.queue.empty() && !(d == Decision::kCongest && markable)) d = Decision::kPass;
  const bool dropped = d == Decision::kForceDrop || (d == Decision::kCongest && !markable);
  if (dropped) {
    table_.ContinueAfterDrop();
  } else {
    table_.ChargeSent(ctx.packet_bytes);
  }
  return d;
}

void CakeQueue::OnParamChanged(std::string_view) { Retune(); }

void CakeQueue::ReadSignals(std::span<double> out) const {
  out[0] = static_cast<double>(table_.active_flows());
  out[1] = static_cast<double>(table_.LargestFlowPackets());
  out[2] = static_cast<double>(table_.counts().sparse);
  out[3] = static_cast<double>(table_.counts().bulk);
  out[4] = last_sojourn_.millis();
  out[5] = static_cast<double>(table_.counts().way_collisions);
}

}  // namespace aqmlab
