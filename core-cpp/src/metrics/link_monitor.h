// The figures of a queue other than the first bottleneck: a parking lot's
// second hop, or a reverse link that queues because reverse traffic shares
// it with the ACKs. Columns are "<prefix>.<figure>"; the run summary gets a
// LinkSummary. The recorder (recorder.h) owns one per such queue.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "metrics/column_batch.h"
#include "metrics/histogram.h"
#include "net/queue_link.h"

namespace aqmlab {

struct LinkSummary {
  std::string name;  // the column prefix: "hop2", "reverse", "hop2.reverse"
  double mean_queue_pkts = 0;
  double queue_sd_pkts = 0;
  double mean_delay_ms = 0;
  double utilisation = 0;
  double throughput_mbps = 0;
  double loss_ratio = 0;
  double mark_ratio = 0;
  double signal_ratio = 0;  // drops and marks / arrivals
  int64_t arrivals = 0;
  int64_t departures = 0;
  int64_t drops = 0;
  int64_t marks = 0;
};

class LinkMonitor final : public QueueLink::DepartureObserver {
 public:
  // `meter`: the Route::meter of data packets whose class throughput counts here.
  LinkMonitor(std::string prefix, QueueLink& link, int8_t meter, size_t classes);

  void AppendColumnNames(std::vector<std::string>& names) const;
  // Puts this interval's value of each of its columns into the row being
  // written.
  void Sample(ColumnBatch::RowWriter& row, double dt, bool measuring);
  void StartMeasuring();
  LinkSummary Summarize(Time now, Time since) const;
  // Bytes of each class's data counted here so far.
  const std::vector<Bytes>& class_departed() const { return class_departed_; }
  QueueLink& link() { return link_; }

  void OnDepart(const Packet& p, Time sojourn) override;

 private:
  std::string prefix_;
  QueueLink& link_;
  int8_t meter_;
  std::vector<Bytes> class_departed_;
  std::vector<double> signals_;
  double delay_sum_ms_ = 0;
  int64_t delay_n_ = 0;
  QueueCounters last_;
  Time last_busy_;
  QueueCounters base_;
  Time base_busy_;
  bool measuring_ = false;
  RunningStats queue_stats_;
  RunningStats delay_stats_;  // per departing packet, after the warm-up
};

}  // namespace aqmlab
