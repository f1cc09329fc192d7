// Samples the bottleneck every interval into columnar batches (one vector per
// metric), and accumulates the run summary after the warm-up.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "metrics/histogram.h"
#include "net/queue_link.h"
#include "sim/event_loop.h"

namespace aqmlab {

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
  double loss_ratio = 0;
  double mark_ratio = 0;
  double fairness = 0;
  int64_t arrivals = 0;
  int64_t departures = 0;
  int64_t drops_overflow = 0;
  int64_t drops_forced = 0;
  int64_t drops_early = 0;
  int64_t marks = 0;
  uint64_t events = 0;
  uint64_t series_hash = 0;  // of every sample taken, for determinism checks
};

// What the recorder reads from the traffic side.
struct TrafficProbe {
  std::function<int64_t()> delivered_bytes;           // all sinks, in order
  // Bytes delivered so far by each flow, and whether it is running now.
  std::function<std::vector<std::pair<double, bool>>()> per_flow;
  std::function<int64_t()> active_flows;
};

class MetricRecorder final : public QueueLink::DepartureObserver, public EventTarget {
 public:
  MetricRecorder(EventLoop& loop, QueueLink& bottleneck, TrafficProbe probe, Time interval,
                 Time warmup);

  void OnDepart(const Packet& p, Time sojourn) override;
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

  // Run summary, from the end of the warm-up.
  bool measuring_ = false;
  Time measure_start_;
  QueueCounters base_counters_;
  Time base_busy_;
  int64_t base_delivered_ = 0;
  std::vector<std::pair<double, bool>> base_per_flow_;
  RunningStats queue_stats_;
  RunningStats delay_stats_;
  RunningStats jitter_stats_;
  Histogram queue_hist_;
  Histogram delay_hist_;
};

}  // namespace aqmlab
