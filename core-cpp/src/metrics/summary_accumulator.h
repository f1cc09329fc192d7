// The run summary's half of the recorder: from the end of the warm-up it
// keeps the statistics of every sample and departure (queue, delay, jitter)
// and the completion times, and at any time compares the totals then with
// those at the end of the warm-up. The recorder (recorder.h) feeds it and
// reads the totals; it never sees the event loop or the network.
#pragma once

#include <cstdint>
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
};

class SummaryAccumulator {
 public:
  SummaryAccumulator(std::vector<TrafficClass> classes, int64_t buffer_packets);

  // The end of the warm-up: what happened before is left out.
  void Start(RunTotals base);
  bool measuring() const { return measuring_; }
  Time start() const { return base_.at; }

  void AddQueueSample(double packets);
  void AddDelay(double ms);
  void AddJitter(double ms);
  // Keeps the completion if it began after the warm-up.
  void AddCompletion(const FlowCompletionRecord& r);

  // Everything but the other queues' summaries, the response time, the
  // event count and the series hash, which the recorder adds.
  Summary Build(const RunTotals& now) const;

 private:
  std::vector<TrafficClass> classes_;
  bool measuring_ = false;
  RunTotals base_;
  std::vector<std::vector<double>> completion_times_;  // per class, seconds
  std::vector<std::vector<double>> page_times_;
  RunningStats queue_stats_;
  RunningStats delay_stats_;
  RunningStats jitter_stats_;
  Histogram queue_hist_;
  Histogram delay_hist_;
};

}  // namespace aqmlab
