// What the recorder reads of the senders: each long-lived TCP group's
// counts (goodput, data sent, CE marks received, timed round trips) for the
// per-group summary, and the window chart's traced flows (cwnd, pacing rate)
// for the samples. Filled into a TrafficProbe once the groups are built.
#pragma once

#include <memory>
#include <vector>

#include "metrics/recorder.h"
#include "run/network.h"
#include "run/traffic_groups.h"

namespace aqmlab {

// Sets probe.tcp_groups, flow_group and group_counters, and, when the
// scenario asks for a window chart, traced_columns and read_traced. The
// functions read `net` and `groups` when called, which must outlive them.
void AddSenderProbe(TrafficProbe& probe, const Network& net,
                    const std::vector<std::unique_ptr<TrafficGroup>>& groups);

}  // namespace aqmlab
