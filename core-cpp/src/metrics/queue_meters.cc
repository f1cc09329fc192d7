#include "metrics/queue_meters.h"

#include <array>
#include <limits>

#include "metrics/columns.h"

namespace aqmlab {

namespace {
}  // namespace

QueueMeters::QueueMeters(const QueueDisc& disc) : owner_(&disc) {
  for (const QueueSpec& q : disc.descriptor().queues) {
    queues_.push_back(Queue{std::string(q.name), std::string(q.label), 0, 0, 0, 0, 0, {},
                            Histogram(kDelayBinMs, kDelayBins)});
  }
}

void QueueMeters::AppendColumnNames(std::vector<std::string>& names) const {
  for (const Queue& q : queues_) {
    for (const ColumnSpec& c : kQueueColumns) {
      std::string name = "queue.";
      name.append(q.name).append(".").append(c.name);
      names.push_back(std::move(name));
    }
  }
}

void QueueMeters::Sample(ColumnBatch::RowWriter& row, const QueueDisc& running, double dt) {
  const bool own = &running == owner_;
  for (size_t i = 0; i < queues_.size(); ++i) {
    Queue& q = queues_[i];
    std::array<double, per_queue::kCount> v;
    v[per_queue::kQueuePkts] = own ? static_cast<double>(running.QueuePackets(i)) : kNaN;
    v[per_queue::kDelayMs] = q.delay_n ? q.delay_sum_ms / static_cast<double>(q.delay_n) : kNaN;
    v[per_queue::kThroughputMbps] = own ? static_cast<double>(q.departed - q.departed_last) * 8e-6 / dt : kNaN;
    for (double x : v) row.Put(x);
    q.delay_sum_ms = 0;
    q.delay_n = 0;
    q.departed_last = q.departed;
  }
}

void QueueMeters::StartMeasuring() {
  for (Queue& q : queues_) q.departed_base = q.departed;
}

std::vector<QueueSummary> QueueMeters::Summarize(double span_s) const {
  std::vector<QueueSummary> out;
  for (const Queue& q : queues_) {
    QueueSummary s{q.name, q.label};
    s.mean_delay_ms = q.delay_stats.mean();
    s.p99_delay_ms = q.delay_hist.Quantile(0.99);
    s.departures = q.delay_stats.count();
    if (span_s > 0) s.throughput_mbps = static_cast<double>(q.departed - q.departed_base) * 8e-6 / span_s;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace aqmlab
