// FQ-PIE (Linux's sch_fq_pie, Tahiliani, Patil, Saicharan, Bhasi, Monis &
// Ramakrishnan 2019; Ramakrishnan et al., "FQ-PIE queue discipline in the
// Linux kernel: design, implementation and challenges", IEEE LCN 2019): the
// shared flow queues and deficit round robin of ../flow_queues with PIE's
// law (../pie) on each flow queue, its own state, judged at enqueue on that
// flow's backlog and updated every t_update. No clock, no RNG.
#pragma once

#include <cstdint>

#include "aqm/flow_queues/flow_queues.h"
#include "aqm/pie/pie_law.h"

namespace aqmlab::fq_pie {

// PIE's parameters (Linux's fq_pie starts from pie_params_init: RFC 8033's
// target 15 ms, t_update 15 ms, alpha 2/16, beta 20/16, 150 ms burst) and
// the flow queueing's.
struct Params : pie::Params {
  int64_t quantum = 1514;            // psched_mtu: one Ethernet frame
  int64_t flows = 1024;              // flows_cnt
  int64_t memory_limit = 33554432;   // SZ_32M bytes

  const pie::Params& Pie() const { return *this; }
};

using Flow = fq::Flow<pie::State>;
using FlowQueues = fq::FlowQueues<pie::State>;

// Whether a flow's PIE state is the fixed point of pie::Update with an empty
// queue (p = 0, both delays 0, a full burst allowance): updating it changes
// nothing, so the periodic update may skip it.
bool AtRest(const Params& p, const pie::State& s);

// The periodic update of every flow queue (Linux's fq_pie_timer runs
// pie_calculate_probability over all flows each t_update). Returns the
// largest p of any flow queue afterwards.
double UpdateAll(const Params& p, FlowQueues& q);

// The arrival test on the arrival's own flow (fq_pie_qdisc_enqueue calls
// pie_drop_early with that flow's state and backlog).
inline Decision OnArrival(const Params& p, const Flow& f, Bytes mean_packet, bool markable,
                          double uniform) {
  return pie::OnArrival(p.Pie(), f.law, f.queue.bytes(), mean_packet, markable, uniform);
}

// A packet of flow `f` left: its sojourn is the flow's delay estimate, zero
// once the flow's queue is empty (pie_process_dequeue with the flow's backlog).
inline void OnDeparture(Flow& f, Time sojourn) {
  pie::OnDeparture(f.law, sojourn);
  if (f.queue.empty()) pie::OnQueueEmpty(f.law);
}

}  // namespace aqmlab::fq_pie
