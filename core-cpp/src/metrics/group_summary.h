// Per-sender figures: each long-lived TCP group's goodput, throughput and
// share of the first bottleneck, round-trip time, loss and mark ratios over
// a span, from the group's cumulative counts at its start and end. The
// recorder (recorder.h) keeps the counts the queues see (group_meters.h);
// the run keeps the rest (TrafficProbe::group_counters).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "net/packet.h"

namespace aqmlab {

// A long-lived TCP group as the summary names it.
struct TcpGroupInfo {
  int index = 0;  // its place in the scenario's groups
  std::string traffic_class;
  std::string sender;         // its congestion controller's registry name
  bool crosses_hop1 = true;   // its data leaves hop 1's forward queue
  bool sack = false;          // its flows use SACK (TcpConfig::sack)
};

// One TCP group's cumulative counts at one time (`flows` is the state then).
struct GroupCounters {
  Bytes delivered = 0;       // in order at its receivers
  Bytes departed = 0;        // its data bytes leaving hop 1's forward queue
  int64_t dropped = 0;       // its data packets dropped at any queue
  int64_t sent = 0;          // data packets sent, retransmissions included
  int64_t ce = 0;            // data packets that reached a receiver marked CE
  int64_t rtt_samples = 0;   // timed round trips (TcpStats::rtt_samples)
  int64_t rtt_sum_ns = 0;
  // Each sample's flow's round-trip propagation delay, summed over the
  // samples: the mean RTT less this mean is the queueing and sending part.
  int64_t base_rtt_sum_ns = 0;
  int64_t flows = 0;         // long-lived flows that should be running
};

struct GroupSummary {
  int index = 0;
  std::string traffic_class;
  std::string sender;
  bool sack = false;
  int64_t flows = 0;  // at the end of the span
  double goodput_mbps = 0;
  // At hop 1's forward queue, and over that queue's throughput; empty for a
  // group whose data does not leave it (reverse, a parking lot's hop-2-only).
  std::optional<double> throughput_mbps;
  std::optional<double> share;
  // The mean of every timed round trip its flows completed in the span, and
  // the mean of those flows' propagation RTTs weighted alike; empty without one.
  std::optional<double> rtt_ms;
  std::optional<double> base_rtt_ms;
  // Over the data packets it sent in the span; empty while it sent none.
  std::optional<double> loss_ratio;
  std::optional<double> mark_ratio;
};

// Each group's figures over `span_s` seconds; `link_bytes`: what left hop 1's
// forward queue over the same span (the shares' whole).
std::vector<GroupSummary> SummariseGroups(const std::vector<TcpGroupInfo>& info,
                                          const std::vector<GroupCounters>& base,
                                          const std::vector<GroupCounters>& now, double span_s,
                                          Bytes link_bytes);

// The largest over the smallest throughput of the groups that cross hop 1;
// empty with fewer than two of them or while the smallest is 0.
std::optional<double> GroupThroughputRatio(const std::vector<GroupSummary>& groups);

}  // namespace aqmlab
