// Samples the bottleneck every interval into columnar batches (one vector per
// metric), and accumulates the run summary after the warm-up.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "metrics/histogram.h"
#include "metrics/link_monitor.h"
#include "metrics/settling.h"
#include "net/queue_link.h"
#include "sim/event_loop.h"

namespace aqmlab {

// Completion times of the short flows (or HTTP pages) that began after the warm-up.
struct CompletionSummary {
  int64_t count = 0;
  double mean_s = 0;  // mean and nearest-rank percentiles; 0 while count is 0
  double p50_s = 0;
  double p95_s = 0;
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
};

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
  // From the scenario's `response`; empty when not asked or not settled.
  std::optional<double> response_time_s;
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

// A queue to monitor besides the first bottleneck (see LinkMonitor).
struct MonitoredLink {
  std::string prefix;
  QueueLink* link = nullptr;
  int8_t meter = 0;
};

// The response time to track, from the scenario.
struct SettlingTarget {
  double target_pkts = 0;
  double from_s = 0;
  double deviation_tolerance = kSettlingDeviationTolerance;
};

// What the recorder reads from the traffic side. Packets carry their class
// index (Packet::traffic_class) into `classes`.
struct TrafficProbe {
  std::vector<TrafficClass> classes;
  // Fills one entry per class, cumulative since the start.
  std::function<void(std::vector<ClassCounters>&)> class_counters;
  // Bytes delivered so far by each long-lived flow, and whether it runs now.
  std::function<std::vector<std::pair<double, bool>>()> per_flow;
  std::function<int64_t()> active_flows;
  // Appends the short flows and pages completed since the last call.
  std::function<void(std::vector<FlowCompletionRecord>&)> take_completions;
  // Fills one entry per class: data packets sent so far (for loss ratios).
  std::function<void(std::vector<int64_t>&)> class_sent;
};

// Also watches every queue's drops (QueueDisc::DropObserver) to charge each
// lost data packet to its class.
class MetricRecorder final : public QueueLink::DepartureObserver,
                             public QueueDisc::DropObserver,
                             public EventTarget {
 public:
  MetricRecorder(EventLoop& loop, QueueLink& bottleneck, TrafficProbe probe, Time interval,
                 Time warmup, std::optional<SettlingTarget> response = std::nullopt,
                 const std::vector<MonitoredLink>& more_links = {});

  void OnDepart(const Packet& p, Time sojourn) override;
  void OnDrop(const Packet& p, DropReason reason) override;
  void OnEvent(uint32_t tag) override;

  const std::vector<std::string>& columns() const { return names_; }
  int64_t batch_length() const { return static_cast<int64_t>(cols_[0].size()); }
  // Column-major copy of the pending samples.
  const std::vector<double>& Flatten();
  const std::vector<std::vector<double>>& batch() const { return cols_; }
  void ClearBatch();
  Summary summary() const;

 private:
  void Sample();
  void StartMeasuring();
  void HashSample(double v);
  // Moves completed short flows into the summary's store. Logically const:
  // it only changes where records wait, not what the summary reports.
  void CollectCompletions() const;
  int64_t delivered_total() const;
  // Bytes of class k's data counted at every monitored queue.
  Bytes ClassDeparted(size_t k) const;

  EventLoop& loop_;
  QueueLink& link_;
  TrafficProbe probe_;
  Time interval_;
  Time warmup_;
  std::vector<std::string> names_;
  std::vector<std::vector<double>> cols_;
  std::vector<double> flat_;
  std::vector<double> signals_;
  uint64_t hash_ = 0xcbf29ce484222325ULL;  // FNV-1a over the samples' bytes

  // Per-interval accumulators.
  double delay_sum_ms_ = 0;
  int64_t delay_n_ = 0;
  double jitter_sum_ms_ = 0;
  int64_t jitter_n_ = 0;
  double last_delay_ms_ = -1;
  QueueCounters last_counters_;
  Time last_busy_;
  int64_t last_delivered_ = 0;
  std::vector<ClassCounters> class_now_;
  std::vector<ClassCounters> class_last_;
  std::vector<Bytes> class_departed_;  // bytes leaving the bottleneck, per class
  std::vector<Bytes> class_departed_last_;
  std::vector<int64_t> class_dropped_;  // data packets, at every queue
  std::vector<uint8_t> crosses_hop1_;   // per class, TrafficClass::crosses_hop1
  std::vector<std::unique_ptr<LinkMonitor>> links_;

  // Run summary, from the end of the warm-up.
  bool measuring_ = false;
  Time measure_start_;
  QueueCounters base_counters_;
  Time base_busy_;
  int64_t base_delivered_ = 0;
  std::vector<std::pair<double, bool>> base_per_flow_;
  std::vector<ClassCounters> base_class_;
  std::vector<Bytes> base_departed_;
  std::vector<int64_t> base_dropped_;
  std::vector<int64_t> base_sent_;
  mutable std::vector<FlowCompletionRecord> completion_buffer_;
  mutable std::vector<std::vector<double>> completion_times_;  // per class, seconds
  mutable std::vector<std::vector<double>> page_times_;
  std::optional<SettlingDetector> settling_;
  RunningStats queue_stats_;
  RunningStats delay_stats_;
  RunningStats jitter_stats_;
  Histogram queue_hist_;
  Histogram delay_hist_;
};

}  // namespace aqmlab
