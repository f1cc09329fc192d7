// The sampler: every interval it reads the bottleneck, the other monitored
// queues and the traffic into one row of the batch (column_batch.h, written
// column-major in place), and hashes each column's series for determinism
// checks, a column at a time when the batch is cleared or the hash is read.
// It watches departures and drops, and feeds the run summary's half
// (summary_accumulator.h) from the end of the warm-up.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "metrics/column_batch.h"
#include "metrics/group_meters.h"
#include "metrics/link_monitor.h"
#include "metrics/queue_meters.h"
#include "metrics/settling.h"
#include "metrics/summary.h"
#include "metrics/summary_accumulator.h"
#include "net/queue_link.h"
#include "sim/event_loop.h"

namespace aqmlab {

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
  std::optional<double> tolerance_pkts;  // the mean's band; absent: 10% of the target
};

// A named window to summarise on its own (the scenario's `windows`).
struct RecorderWindow {
  std::string name;
  Time from;
  Time to;
  std::optional<SettlingBand> band;
};

// What the recorder reads from the traffic side. Packets carry their class
// index (Packet::traffic_class) into `classes`. What every sample reads, the
// traffic keeps current as it changes, and the sample reads it in place; the
// rest is asked for when a summary is taken.
struct TrafficProbe {
  std::vector<TrafficClass> classes;
  // One entry per class, cumulative since the start.
  const ClassCounters* class_totals = nullptr;
  // The long-lived TCP flows that should be running now.
  const int64_t* active_flows = nullptr;
  // Bytes delivered so far by each long-lived flow, and whether it runs now.
  std::function<std::vector<std::pair<double, bool>>()> per_flow;
  // Appends the short flows and pages completed since the last call.
  std::function<void(std::vector<FlowCompletionRecord>&)> take_completions;
  // Fills one entry per class: data packets sent so far (for loss ratios).
  std::function<void(std::vector<int64_t>&)> class_sent;
  // The long-lived TCP groups (senders); for each long-lived flow id, its
  // group's place in that list (grows as flows are added); and what the
  // run counts of each group (all of GroupCounters but what the queues see,
  // departed and dropped, which the recorder counts).
  std::vector<TcpGroupInfo> tcp_groups;
  const std::vector<int16_t>* flow_group = nullptr;
  std::function<void(std::vector<GroupCounters>&)> group_counters;
  // The scenario's window chart: the traced flows' column names
  // ("flow.<group>.<k>.<column>", columns.h) and what writes one value for
  // each, in that order, at every sample. Empty: not asked for, no cost.
  std::vector<std::string> traced_columns;
  std::function<void(double*)> read_traced;
};

// Also watches every queue's drops (QueueDisc::DropObserver) to charge each
// lost data packet to its class.
class MetricRecorder final : public QueueLink::DepartureObserver,
                             public QueueDisc::DropObserver,
                             public EventTarget {
 public:
  MetricRecorder(EventLoop& loop, QueueLink& bottleneck, TrafficProbe probe, Time interval,
                 Time warmup, std::optional<SettlingTarget> response = std::nullopt,
                 const std::vector<MonitoredLink>& more_links = {},
                 const AqmDescriptor* switched_to = nullptr,
                 const std::vector<RecorderWindow>& windows = {});

  void OnDepart(const Packet& p, Time sojourn) override;
  void OnDrop(const Packet& p, DropReason reason) override;
  void OnEvent(uint32_t tag) override;

  const std::vector<std::string>& columns() const { return names_; }
  int64_t batch_length() const { return batch_.rows(); }
  // The pending samples, every column end to end (no copy: a view into the batch).
  std::span<const double> Flatten() { return batch_.Packed(); }
  // batch()[c][r]: column c's sample r.
  const ColumnBatch& batch() const { return batch_; }
  // Drops the pending samples, their columns' hash chains continued first.
  void ClearBatch();
  Summary summary() const;

 private:
  // Every interval: a sample, and the next tick.
  void Tick();
  void Sample();
  // The bottleneck discipline's signals into signals_, by name: a side that
  // switches discipline mid-run has the columns of both, and the ones the
  // running discipline lacks read NaN. A discipline's descriptor never
  // changes, and one switched away from stays alive (QueueLink::ReplaceDisc),
  // so a new queue address (signal_source_) is the only sign of a switch.
  void ReadSignalsByName(const QueueDisc& disc);
  void StartMeasuring();
  // A named window opens (its accumulator starts) or closes (its summary is kept).
  void OnWindow(size_t index, bool opens);
  // The run's hash: the column chains, continued over the pending batch,
  // folded in column order.
  uint64_t SeriesHash() const;
  // Moves completed short flows and pages into the summary. Logically const:
  // it only changes where records wait, not what the summary reports.
  void CollectCompletions() const;
  RunTotals Totals() const;
  // Bytes of class k's data counted at every monitored queue.
  Bytes ClassDeparted(size_t k) const;

  // The sampling tick's own event target, so that the sample path neither
  // tells tags apart nor carries the code of the rarer events (OnEvent).
  struct Ticker final : EventTarget {
    explicit Ticker(MetricRecorder& r) : recorder(r) {}
    void OnEvent(uint32_t) override { recorder.Tick(); }
    MetricRecorder& recorder;
  };

  EventLoop& loop_;
  Ticker ticker_{*this};
  QueueLink& link_;
  TrafficProbe probe_;
  Time interval_;
  double interval_s_;  // the same in seconds, divided by at every sample
  Time warmup_;
  std::vector<std::string> names_;
  ColumnBatch batch_;
  std::vector<double> signals_;
  std::vector<std::string_view> signal_names_;  // the "aqm.*" columns, in order
  const QueueDisc* signal_source_ = nullptr;  // whose indices signal_index_ holds
  std::vector<int> signal_index_;  // per column, its index in the running discipline, or -1
  std::vector<double> signal_read_;
  bool signals_in_order_ = false;  // signal_index_ is 0, 1, 2, ...: read straight into signals_
  std::vector<uint64_t> column_hash_;  // per column, over the samples of the batches cleared

  // Per-interval accumulators.
  double delay_sum_ms_ = 0;
  int64_t delay_n_ = 0;
  double jitter_sum_ms_ = 0;
  int64_t jitter_n_ = 0;
  double last_delay_ms_ = -1;
  QueueCounters last_counters_;
  Time last_busy_;
  int64_t last_delivered_ = 0;
  std::vector<Bytes> class_delivered_last_;
  std::vector<Bytes> class_departed_;  // bytes leaving the bottleneck, per class
  std::vector<Bytes> class_departed_last_;
  std::vector<int64_t> class_dropped_;  // data packets, at every queue
  std::vector<uint8_t> crosses_hop1_;   // per class, TrafficClass::crosses_hop1
  GroupMeters group_meters_;
  std::vector<double> traced_;  // the window chart's values at a sample
  // The bottleneck discipline's queues, when it has several.
  std::optional<QueueMeters> queues_;
  std::vector<std::unique_ptr<LinkMonitor>> links_;
  std::optional<SettlingDetector> settling_;

  mutable std::vector<FlowCompletionRecord> completion_buffer_;
  mutable SummaryAccumulator summary_;  // see CollectCompletions

  // Named windows. Only the open ones (open_windows_) see samples and
  // departures, so a window costs nothing outside its time.
  struct WindowState {
    RecorderWindow spec;
    SummaryAccumulator acc;
    std::optional<Summary> closed;  // its final summary, once it has ended
  };
  mutable std::vector<WindowState> windows_;  // see CollectCompletions
  std::vector<SummaryAccumulator*> open_windows_;
};

}  // namespace aqmlab
