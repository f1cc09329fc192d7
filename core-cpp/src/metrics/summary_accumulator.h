// The run summary's half of the recorder: from the end of the warm-up (or a
// named window's start) it keeps the statistics of every sample and departure
// (queue, its transients, delay and jitter overall and per class) and the
// completion times, and at any time compares the totals then with those at
// the start. The recorder (recorder.h) feeds it and
// reads the totals; it never sees the event loop or the network.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "metrics/histogram.h"
#include "metrics/summary.h"
#include "net/queue_disc.h"

namespace aqmlab {

// The running totals a summary compares, read at one time.
struct RunTotals {
  Time at;
  QueueCounters counters;  // the first bottleneck's
  Time busy;               // its link's busy time
  std::vector<ClassCounters> classes;
  int64_t delivered = 0;          // goodput bytes of the classes crossing hop 1
  std::vector<Bytes> departed;    // per class: data bytes leaving every monitored queue
  std::vector<int64_t> dropped;   // per class: data packets dropped at any queue
  std::vector<int64_t> sent;      // per class: data packets sent into the network
  std::vector<std::pair<double, bool>> per_flow;  // long-lived flows: bytes, running
  std::vector<GroupCounters> groups;  // per long-lived TCP group
};

class SummaryAccumulator {
 public:
  // `interval_s`: the sampling interval (for the transients' 1 s means);
  // `band`: the settling time's, when there is one.
  // `groups`: the long-lived TCP groups (RunTotals::groups' order).
  SummaryAccumulator(std::vector<TrafficClass> classes, int64_t buffer_packets, double interval_s,
                     std::optional<SettlingBand> band = std::nullopt,
                     std::vector<TcpGroupInfo> groups = {});

  // The end of the warm-up: what happened before is left out.
  void Start(RunTotals base);
  bool measuring() const { return measuring_; }
  Time start() const { return base_.at; }

  // Inline: the sampler calls it every interval.
  void AddQueueSample(double t_s, double packets) {
    queue_stats_.Add(packets);
    queue_hist_.AddUnitWidth(packets);
    transient_.Add(t_s, packets);
  }
  // A departure's queueing delay; `traffic_class` is the class of a data
  // packet, or -1 (an ACK or request: counted only in the totals).
  void AddDelay(double ms, int traffic_class);
  void AddJitter(double ms);
  // Keeps the completion if it began after the warm-up.
  void AddCompletion(const FlowCompletionRecord& r);

  // Everything but the other queues' summaries, the response time, the
  // event count and the series hash, which the recorder adds.
  Summary Build(const RunTotals& now) const;

 private:
  std::vector<TrafficClass> classes_;
  std::vector<TcpGroupInfo> groups_;
  bool measuring_ = false;
  RunTotals base_;
  std::vector<std::vector<double>> completion_times_;  // per class, seconds
  std::vector<std::vector<double>> page_times_;
  RunningStats queue_stats_;
  RunningStats delay_stats_;
  RunningStats jitter_stats_;
  Histogram queue_hist_;
  Histogram delay_hist_;
  TransientTracker transient_;
  // Per class: the data packets' delays, and the last one (for jitter).
  struct ClassDelays {
    RunningStats stats;
    RunningStats jitter;
    Histogram hist;
    double last_ms = -1;
  };
  std::vector<ClassDelays> class_delays_;
};

}  // namespace aqmlab
