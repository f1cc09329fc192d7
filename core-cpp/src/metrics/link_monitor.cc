#include "metrics/link_monitor.h"

#include <array>
#include <cmath>

#include "metrics/columns.h"

namespace aqmlab {

LinkMonitor::LinkMonitor(std::string prefix, QueueLink& link, int8_t meter, size_t classes)
    : prefix_(std::move(prefix)), link_(link), meter_(meter), class_departed_(classes, 0),
      signals_(link.disc().descriptor().signals.size()) {
  link_.set_observer(this);
}

void LinkMonitor::AppendColumnNames(std::vector<std::string>& names) const {
  for (const ColumnSpec& c : kLinkColumns) names.push_back(prefix_ + "." + std::string(c.name));
  for (const SignalSpec& s : link_.disc().descriptor().signals) {
    names.push_back(prefix_ + ".aqm." + std::string(s.name));
  }
}

void LinkMonitor::OnDepart(const Packet& p, Time sojourn) {
  if (p.route->meter == meter_ && static_cast<size_t>(p.traffic_class) < class_departed_.size()) {
    class_departed_[p.traffic_class] += p.size;
  }
  const double d = sojourn.millis();
  delay_sum_ms_ += d;
  ++delay_n_;
  if (measuring_) delay_stats_.Add(d);
}

void LinkMonitor::Sample(ColumnBatch::RowWriter& row, double dt, bool measuring) {
  const QueueDisc& disc = link_.disc();
  const QueueCounters& c = disc.counters();
  const Time busy = link_.busy_time();
  const double q = static_cast<double>(disc.packets());
  const double delay = delay_n_ ? delay_sum_ms_ / static_cast<double>(delay_n_) : kNaN;
  disc.ReadSignals(signals_);
  // Each value to its column by name (columns.h), the row in the table's order.
  std::array<double, link::kCount> v;
  v[link::kQueuePkts] = q;
  v[link::kDelayMs] = delay;
  v[link::kThroughputMbps] = static_cast<double>(c.departure_bytes - last_.departure_bytes) * 8e-6 / dt;
  v[link::kUtilisation] = (busy - last_busy_).seconds() / dt;
  v[link::kArrivals] = static_cast<double>(c.arrivals - last_.arrivals);
  v[link::kDrops] = static_cast<double>(c.drops_total() - last_.drops_total());
  v[link::kMarks] = static_cast<double>(c.marks - last_.marks);
  v[link::kP] = disc.probability();
  for (double x : v) row.Put(x);
  for (double x : signals_) row.Put(x);
  if (measuring) queue_stats_.Add(q);
  delay_sum_ms_ = 0;
  delay_n_ = 0;
  last_ = c;
  last_busy_ = busy;
}

void LinkMonitor::StartMeasuring() {
  measuring_ = true;
  base_ = link_.disc().counters();
  base_busy_ = link_.busy_time();
}

LinkSummary LinkMonitor::Summarize(Time now, Time since) const {
  LinkSummary s;
  s.name = prefix_;
  const QueueCounters& c = link_.disc().counters();
  s.mean_queue_pkts = queue_stats_.mean();
  s.queue_sd_pkts = std::sqrt(queue_stats_.variance());
  s.mean_delay_ms = delay_stats_.mean();
  s.arrivals = c.arrivals - base_.arrivals;
  s.departures = c.departures - base_.departures;
  s.drops = c.drops_total() - base_.drops_total();
  s.marks = c.marks - base_.marks;
  const double span = (now - since).seconds();
  if (span > 0) {
    s.utilisation = (link_.busy_time() - base_busy_).seconds() / span;
    s.throughput_mbps = static_cast<double>(c.departure_bytes - base_.departure_bytes) * 8e-6 / span;
  }
  if (s.arrivals > 0) {
    s.loss_ratio = static_cast<double>(s.drops) / static_cast<double>(s.arrivals);
    s.mark_ratio = static_cast<double>(s.marks) / static_cast<double>(s.arrivals);
    s.signal_ratio = s.loss_ratio + s.mark_ratio;
  }
  return s;
}

}  // namespace aqmlab
