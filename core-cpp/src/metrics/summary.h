// What a run reports after its warm-up (the summary) and the records and
// counts it is built from. SummaryAccumulator (summary_accumulator.h) builds
// it; summary_json.h writes it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "metrics/group_summary.h"
#include "metrics/link_monitor.h"
#include "metrics/queue_meters.h"
#include "metrics/transient.h"
#include "sim/time.h"

namespace aqmlab {

// Completion times of the short flows (or HTTP pages) that began after the warm-up.
struct CompletionSummary {
  int64_t count = 0;
  double mean_s = 0;  // mean and nearest-rank percentiles; 0 while count is 0
  double p50_s = 0;
  double p95_s = 0;
};

// Queueing delay of one class's data packets at the first bottleneck.
struct ClassDelay {
  double mean_ms = 0;
  double p50_ms = 0;  // upper edges of 0.1 ms histogram bins, as the run's
  double p95_ms = 0;
  double p99_ms = 0;
  // Mean absolute difference of consecutive packets' delays within the class.
  double jitter_ms = 0;
};

// One traffic class (the groups sharing a `class` label).
struct ClassSummary {
  std::string name;
  double goodput_mbps = 0;     // in-order delivery (TCP) or bytes received (open loop)
  double throughput_mbps = 0;  // the class's bytes leaving the bottleneck
  // Classes made only of open-loop groups: packets missing at the receivers
  // / packets sent (a loss is seen when a later packet of the same source
  // arrives). Other classes: their data packets dropped at any queue / data
  // packets they sent into the network. Empty while nothing was sent.
  std::optional<double> loss_ratio;
  std::optional<CompletionSummary> completions;  // classes with short flows
  std::optional<CompletionSummary> pages;        // classes with HTTP sessions
  // Empty while none of the class's data left the first bottleneck.
  std::optional<ClassDelay> delay;
};

struct WindowSummary;

struct Summary {
  double measured_s = 0;
  double mean_queue_pkts = 0;
  double p95_queue_pkts = 0;
  double queue_sd_pkts = 0;
  double queue_mad_pkts = 0;  // mean absolute deviation (the LRED paper's measure)
  double mean_delay_ms = 0;
  double p50_delay_ms = 0;
  double p95_delay_ms = 0;
  double p99_delay_ms = 0;
  double delay_sd_ms = 0;
  double jitter_ms = 0;
  double utilisation = 0;
  double throughput_mbps = 0;
  double goodput_mbps = 0;
  double loss_ratio = 0;    // drops / arrivals at the bottleneck
  double mark_ratio = 0;    // ECN marks / arrivals
  double signal_ratio = 0;  // congestion signals, drops and marks, / arrivals
  double fairness = 0;
  int64_t arrivals = 0;
  int64_t departures = 0;
  int64_t drops_overflow = 0;
  int64_t drops_forced = 0;
  int64_t drops_early = 0;
  int64_t marks = 0;
  uint64_t events = 0;
  uint64_t series_hash = 0;  // of every sample taken, for determinism checks
  std::vector<ClassSummary> classes;
  std::optional<CompletionSummary> short_flows;  // all short flows, when there are any
  std::optional<CompletionSummary> pages;        // all HTTP pages, when there are sessions
  // The other queues (parking lot hop 2, queueing reverse links), in column order.
  std::vector<LinkSummary> links;
  // Each queue of a bottleneck discipline with several (DualPI2's L and
  // Classic), in its descriptor's order; empty otherwise.
  std::vector<QueueSummary> queues;
  // From the scenario's `response`; empty when not asked or not settled.
  std::optional<double> response_time_s;
  TransientSummary transient;
  // The scenario's named windows, in its order.
  std::vector<WindowSummary> windows;
  // Each long-lived TCP group (a sender), in the scenario's order, and the
  // largest over the smallest of their throughputs at hop 1.
  std::vector<GroupSummary> groups;
  std::optional<double> group_throughput_ratio;
};

// A named window's summary: the usual figures over [from_s, to_s] (so far,
// while the run is inside it), without the other queues, the response time,
// the event count or the series hash.
struct WindowSummary {
  std::string name;
  double from_s = 0;
  double to_s = 0;
  bool started = false;  // false: the run has not reached from_s; `summary` is empty
  Summary summary;
};

// Cumulative counts of one class, read from the sinks.
struct ClassCounters {
  int64_t delivered_bytes = 0;
  int64_t received_packets = 0;  // open loop
  int64_t lost_packets = 0;      // open loop
};

struct TrafficClass {
  std::string name;
  bool open_loop_only = false;  // every group of the class is open loop
  bool has_short_flows = false;
  bool has_pages = false;
  // Some group of the class sends data forward over hop 1: the class counts
  // in the top-level goodput (reverse and hop-2-only classes do not).
  bool crosses_hop1 = true;
};

struct FlowCompletionRecord {
  int16_t traffic_class = 0;
  Time started;
  Time finished;
  bool page = false;  // an HTTP page, not a short flow
};

}  // namespace aqmlab
