#include "metrics/summary_accumulator.h"

#include <algorithm>
#include <cmath>

namespace aqmlab {

namespace {

double JainIndex(const std::vector<double>& x) {
  double sum = 0, sq = 0;
  for (double v : x) {
    sum += v;
    sq += v * v;
  }
  return sq > 0 ? sum * sum / (static_cast<double>(x.size()) * sq) : 0.0;
}

// Nearest-rank quantile of sorted values.
double Quantile(const std::vector<double>& sorted, double q) {
  const auto n = static_cast<double>(sorted.size());
  auto rank = static_cast<size_t>(std::ceil(q * n));
  if (rank < 1) rank = 1;
  return sorted[std::min(rank, sorted.size()) - 1];
}

CompletionSummary SummariseCompletions(std::vector<double> times) {
  CompletionSummary c;
  c.count = static_cast<int64_t>(times.size());
  if (times.empty()) return c;
  double sum = 0;
  for (double t : times) sum += t;
  c.mean_s = sum / static_cast<double>(times.size());
  std::sort(times.begin(), times.end());
  c.p50_s = Quantile(times, 0.50);
  c.p95_s = Quantile(times, 0.95);
  return c;
}

}  // namespace

SummaryAccumulator::SummaryAccumulator(std::vector<TrafficClass> classes, int64_t buffer_packets,
                                       double interval_s, std::optional<SettlingBand> band,
                                       std::vector<TcpGroupInfo> groups)
    : classes_(std::move(classes)),
      groups_(std::move(groups)),
      completion_times_(classes_.size()),
      page_times_(classes_.size()),
      // The queue never holds more than the buffer: one unit bin per length.
      queue_hist_(1.0, buffer_packets + 1),
      delay_hist_(kDelayBinMs, kDelayBins),
      transient_(buffer_packets, interval_s, band),
      class_delays_(classes_.size(), ClassDelays{{}, {}, Histogram(kDelayBinMs, kDelayBins)}) {}

void SummaryAccumulator::Start(RunTotals base) {
  measuring_ = true;
  base_ = std::move(base);
  transient_.Start(base_.at.seconds());
}

void SummaryAccumulator::AddDelay(double ms, int traffic_class) {
  delay_stats_.Add(ms);
  delay_hist_.Add(ms);
  if (traffic_class < 0 || static_cast<size_t>(traffic_class) >= class_delays_.size()) return;
  ClassDelays& c = class_delays_[static_cast<size_t>(traffic_class)];
  c.stats.Add(ms);
  c.hist.Add(ms);
  if (c.last_ms >= 0) c.jitter.Add(std::fabs(ms - c.last_ms));
  c.last_ms = ms;
}

void SummaryAccumulator::AddJitter(double ms) { jitter_stats_.Add(ms); }

void SummaryAccumulator::AddCompletion(const FlowCompletionRecord& r) {
  if (r.started < base_.at) return;
  if (r.traffic_class < 0 || static_cast<size_t>(r.traffic_class) >= completion_times_.size()) return;
  auto& times = r.page ? page_times_ : completion_times_;
  times[r.traffic_class].push_back((r.finished - r.started).seconds());
}

Summary SummaryAccumulator::Build(const RunTotals& now) const {
  Summary s;
  if (!measuring_) return s;
  const QueueCounters& c = now.counters;
  const QueueCounters& b = base_.counters;
  const double span = (now.at - base_.at).seconds();
  s.measured_s = span;
  s.mean_queue_pkts = queue_stats_.mean();
  s.p95_queue_pkts = queue_hist_.total() ? queue_hist_.Quantile(0.95) - 1.0 : 0.0;
  s.queue_sd_pkts = std::sqrt(queue_stats_.variance());
  s.queue_mad_pkts = queue_hist_.MeanAbsoluteDeviation();
  s.mean_delay_ms = delay_stats_.mean();
  s.p50_delay_ms = delay_hist_.Quantile(0.50);
  s.p95_delay_ms = delay_hist_.Quantile(0.95);
  s.p99_delay_ms = delay_hist_.Quantile(0.99);
  s.delay_sd_ms = std::sqrt(delay_stats_.variance());
  s.jitter_ms = jitter_stats_.mean();
  s.arrivals = c.arrivals - b.arrivals;
  s.departures = c.departures - b.departures;
  s.drops_overflow = c.drops_of(DropReason::kOverflow) - b.drops_of(DropReason::kOverflow);
  s.drops_forced = c.drops_of(DropReason::kForced) - b.drops_of(DropReason::kForced);
  s.drops_early = c.drops_of(DropReason::kEarly) - b.drops_of(DropReason::kEarly);
  s.marks = c.marks - b.marks;
  if (span > 0) {
    s.utilisation = (now.busy - base_.busy).seconds() / span;
    s.throughput_mbps = static_cast<double>(c.departure_bytes - b.departure_bytes) * 8e-6 / span;
    s.goodput_mbps = static_cast<double>(now.delivered - base_.delivered) * 8e-6 / span;
  }
  std::vector<double> all_completions;
  std::vector<double> all_pages;
  bool any_short = false;
  bool any_pages = false;
  for (size_t k = 0; k < classes_.size(); ++k) {
    const TrafficClass& tc = classes_[k];
    ClassSummary cs;
    cs.name = tc.name;
    if (span > 0) {
      cs.goodput_mbps =
          static_cast<double>(now.classes[k].delivered_bytes - base_.classes[k].delivered_bytes) * 8e-6 /
          span;
      cs.throughput_mbps = static_cast<double>(now.departed[k] - base_.departed[k]) * 8e-6 / span;
    }
    if (tc.open_loop_only) {
      const int64_t lost = now.classes[k].lost_packets - base_.classes[k].lost_packets;
      const int64_t got = now.classes[k].received_packets - base_.classes[k].received_packets;
      if (lost + got > 0) cs.loss_ratio = static_cast<double>(lost) / static_cast<double>(lost + got);
    } else {
      const int64_t sent = now.sent[k] - base_.sent[k];
      const int64_t dropped = now.dropped[k] - base_.dropped[k];
      if (sent > 0) cs.loss_ratio = static_cast<double>(dropped) / static_cast<double>(sent);
    }
    const ClassDelays& d = class_delays_[k];
    if (d.stats.count() > 0) {
      cs.delay = ClassDelay{d.stats.mean(), d.hist.Quantile(0.50), d.hist.Quantile(0.95),
                            d.hist.Quantile(0.99), d.jitter.mean()};
    }
    if (tc.has_pages) {
      any_pages = true;
      cs.pages = SummariseCompletions(page_times_[k]);
      all_pages.insert(all_pages.end(), page_times_[k].begin(), page_times_[k].end());
    }
    if (tc.has_short_flows) {
      any_short = true;
      cs.completions = SummariseCompletions(completion_times_[k]);
      all_completions.insert(all_completions.end(), completion_times_[k].begin(),
                             completion_times_[k].end());
    }
    s.classes.push_back(std::move(cs));
  }
  if (any_short) s.short_flows = SummariseCompletions(std::move(all_completions));
  if (any_pages) s.pages = SummariseCompletions(std::move(all_pages));
  if (s.arrivals > 0) {
    const double a = static_cast<double>(s.arrivals);
    s.loss_ratio = static_cast<double>(s.drops_overflow + s.drops_forced + s.drops_early) / a;
    s.mark_ratio = static_cast<double>(s.marks) / a;
    s.signal_ratio = s.loss_ratio + s.mark_ratio;
  }
  std::vector<double> shares;
  for (size_t i = 0; i < now.per_flow.size(); ++i) {
    const double before = i < base_.per_flow.size() ? base_.per_flow[i].first : 0.0;
    const double got = now.per_flow[i].first - before;
    if (now.per_flow[i].second || got > 0) shares.push_back(got);
  }
  s.fairness = JainIndex(shares);
  s.groups = SummariseGroups(groups_, base_.groups, now.groups, span, c.departure_bytes - b.departure_bytes);
  s.group_throughput_ratio = GroupThroughputRatio(s.groups);
  s.transient = transient_.Summarise();
  return s;
}

}  // namespace aqmlab
