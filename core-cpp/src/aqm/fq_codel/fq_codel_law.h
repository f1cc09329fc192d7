// FQ-CoDel (RFC 8290, Hoeiland-Joergensen, McKenney, Taht, Gettys & Dumazet
// 2018): the shared flow queues and deficit round robin of ../flow_queues,
// with CoDel's law (../codel) run on each flow queue with its own state. No
// clock, no RNG: the queue adapter passes time and verdicts in.
#pragma once

#include <cstdint>

#include "aqm/codel/codel_law.h"
#include "aqm/flow_queues/flow_queues.h"

namespace aqmlab::fq_codel {

struct Params {
  double target_ms = 5;      // CoDel's target, per flow queue
  double interval_ms = 100;  // CoDel's interval
  int64_t quantum = 1514;    // bytes a flow may send per round (one Ethernet MTU)
  int64_t flows = 1024;      // hash buckets (flow queues)
  double ce_threshold_ms = 0;  // CoDel's L4S threshold, per flow queue; 0: off

  codel::Params Codel() const { return {target_ms, interval_ms, ce_threshold_ms}; }
};

using Flow = fq::Flow<codel::State>;
using FlowQueues = fq::FlowQueues<codel::State>;

}  // namespace aqmlab::fq_codel
