// The queues of a discipline that keeps several behind the first bottleneck
// (AqmDescriptor::queues: DualPI2's L and Classic). Every interval: each
// queue's length at the sample, the mean delay of its departures and its
// throughput, read the way the link's own columns are (columns
// "queue.<name>.*", metrics/columns.h), so a queue's line and the link's
// compare. From the end of the warm-up: each queue's summary figures. The
// recorder (recorder.h) owns one for such a discipline and feeds it every
// departure; the packet says which queue it left (Packet::queue).
#pragma once

#include <string>
#include <vector>

#include "metrics/column_batch.h"
#include "metrics/histogram.h"
#include "net/queue_disc.h"

namespace aqmlab {

struct QueueSummary {
  std::string name;   // the descriptor's: "l"
  std::string label;  // "L queue"
  double mean_delay_ms = 0;
  double p99_delay_ms = 0;  // the upper edge of its 0.1 ms bin, as the run's p99
  double throughput_mbps = 0;
  int64_t departures = 0;
};

class QueueMeters {
 public:
  // The queues of `disc` (which must have several); its packets alone are
  // counted: after a mid-run switch of discipline the columns read NaN.
  explicit QueueMeters(const QueueDisc& disc);

  void AppendColumnNames(std::vector<std::string>& names) const;
  const QueueDisc* owner() const { return owner_; }

  // Inline: every departure of the owner's passes here.
  void OnDepart(const Packet& p, double delay_ms, bool measuring) {
    if (p.queue >= queues_.size()) return;
    Queue& q = queues_[p.queue];
    q.delay_sum_ms += delay_ms;
    ++q.delay_n;
    q.departed += p.size;
    if (!measuring) return;
    q.delay_stats.Add(delay_ms);
    q.delay_hist.Add(delay_ms);
  }
  // Puts this interval's value of each queue's columns into the row.
  void Sample(ColumnBatch::RowWriter& row, const QueueDisc& running, double dt);
  void StartMeasuring();
  std::vector<QueueSummary> Summarize(double span_s) const;

 private:
  struct Queue {
    std::string name;
    std::string label;
    double delay_sum_ms = 0;  // this interval's
    int64_t delay_n = 0;
    Bytes departed = 0;  // since the start
    Bytes departed_last = 0;
    Bytes departed_base = 0;  // at the end of the warm-up
    RunningStats delay_stats;
    Histogram delay_hist;
  };
  const QueueDisc* owner_;
  std::vector<Queue> queues_;
};

}  // namespace aqmlab
