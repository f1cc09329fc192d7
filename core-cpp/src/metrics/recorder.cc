#include "metrics/recorder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace aqmlab {

namespace {
constexpr uint32_t kTagSample = 0;
constexpr uint32_t kTagWarmupEnd = 1;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double JainIndex(const std::vector<double>& x) {
  double sum = 0, sq = 0;
  for (double v : x) {
    sum += v;
    sq += v * v;
  }
  return sq > 0 ? sum * sum / (static_cast<double>(x.size()) * sq) : 0.0;
}

// The bottleneck's goodput: classes with data crossing hop 1 forward.
int64_t SumDelivered(const std::vector<ClassCounters>& c, const std::vector<uint8_t>& crosses_hop1) {
  int64_t sum = 0;
  for (size_t k = 0; k < c.size(); ++k) {
    if (crosses_hop1[k]) sum += c[k].delivered_bytes;
  }
  return sum;
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

MetricRecorder::MetricRecorder(EventLoop& loop, QueueLink& bottleneck, TrafficProbe probe,
                               Time interval, Time warmup, std::optional<SettlingTarget> response,
                               const std::vector<MonitoredLink>& more_links)
    : loop_(loop), link_(bottleneck), probe_(std::move(probe)), interval_(interval),
      warmup_(warmup), // The queue never holds more than the buffer: one unit bin per length.
      queue_hist_(1.0, bottleneck.disc().link().buffer_packets + 1),
      delay_hist_(0.1, 100000) {
  names_ = {"t",           "queue_pkts",     "queue_bytes",    "delay_ms",     "jitter_ms",
            "throughput_mbps", "goodput_mbps", "utilisation",  "arrivals",     "drops_overflow",
            "drops_forced", "drops_early",    "marks",          "p",            "flows"};
  for (const SignalSpec& s : link_.disc().descriptor().signals) {
    names_.push_back("aqm." + std::string(s.name));
  }
  signals_.resize(link_.disc().descriptor().signals.size());
  for (const TrafficClass& c : probe_.classes) {
    names_.push_back("class." + c.name + ".goodput_mbps");
    names_.push_back("class." + c.name + ".throughput_mbps");
  }
  const size_t classes = probe_.classes.size();
  for (const MonitoredLink& m : more_links) {
    links_.push_back(std::make_unique<LinkMonitor>(m.prefix, *m.link, m.meter, classes));
    links_.back()->AppendColumnNames(names_);
    m.link->disc().set_drop_observer(this);
  }
  link_.disc().set_drop_observer(this);
  cols_.resize(names_.size());
  class_now_.assign(classes, ClassCounters{});
  class_last_.assign(classes, ClassCounters{});
  class_departed_.assign(classes, 0);
  class_departed_last_.assign(classes, 0);
  class_dropped_.assign(classes, 0);
  for (const TrafficClass& c : probe_.classes) crosses_hop1_.push_back(c.crosses_hop1);
  completion_times_.resize(classes);
  page_times_.resize(classes);
  if (response) {
    settling_.emplace(response->target_pkts, response->from_s,
                      SettlingWindowSamples(interval_.seconds()), response->deviation_tolerance);
  }
  link_.set_observer(this);
  loop_.Schedule(loop_.now() + interval_, this, kTagSample);
  if (warmup_ > loop_.now()) {
    loop_.Schedule(warmup_, this, kTagWarmupEnd);
  } else {
    StartMeasuring();
  }
}

void MetricRecorder::OnDepart(const Packet& p, Time sojourn) {
  // Data here always meets its first queue (Route::meter 0): only the ACKs
  // of reverse traffic are left out, and the packet's own flag says so.
  if (!p.has(kFlagAck) && static_cast<size_t>(p.traffic_class) < class_departed_.size()) {
    class_departed_[p.traffic_class] += p.size;
  }
  const double d = sojourn.millis();
  delay_sum_ms_ += d;
  ++delay_n_;
  if (last_delay_ms_ >= 0) {
    const double j = std::fabs(d - last_delay_ms_);
    jitter_sum_ms_ += j;
    ++jitter_n_;
    if (measuring_) jitter_stats_.Add(j);
  }
  last_delay_ms_ = d;
  if (measuring_) {
    delay_stats_.Add(d);
    delay_hist_.Add(d);
  }
}

void MetricRecorder::OnDrop(const Packet& p, DropReason) {
  if (!p.has(kFlagAck) && static_cast<size_t>(p.traffic_class) < class_dropped_.size()) {
    ++class_dropped_[p.traffic_class];
  }
}

Bytes MetricRecorder::ClassDeparted(size_t k) const {
  Bytes b = class_departed_[k];
  for (const auto& l : links_) b += l->class_departed()[k];
  return b;
}

void MetricRecorder::OnEvent(uint32_t tag) {
  if (tag == kTagWarmupEnd) return StartMeasuring();
  Sample();
  loop_.Schedule(loop_.now() + interval_, this, kTagSample);
}

void MetricRecorder::StartMeasuring() {
  measuring_ = true;
  measure_start_ = loop_.now();
  base_counters_ = link_.disc().counters();
  base_busy_ = link_.busy_time();
  if (probe_.class_counters) probe_.class_counters(class_now_);
  base_class_ = class_now_;
  base_delivered_ = SumDelivered(class_now_, crosses_hop1_);
  base_departed_.clear();
  for (size_t k = 0; k < class_departed_.size(); ++k) base_departed_.push_back(ClassDeparted(k));
  base_dropped_ = class_dropped_;
  base_sent_.assign(probe_.classes.size(), 0);
  if (probe_.class_sent) probe_.class_sent(base_sent_);
  for (auto& l : links_) l->StartMeasuring();
  base_per_flow_ = probe_.per_flow();
  // Flows that arrived during the warm-up are left out.
  CollectCompletions();
}

void MetricRecorder::CollectCompletions() const {
  if (!probe_.take_completions) return;
  completion_buffer_.clear();
  probe_.take_completions(completion_buffer_);
  if (!measuring_) return;
  for (const FlowCompletionRecord& r : completion_buffer_) {
    if (r.started < measure_start_) continue;
    if (r.traffic_class < 0 || static_cast<size_t>(r.traffic_class) >= completion_times_.size()) continue;
    auto& times = r.page ? page_times_ : completion_times_;
    times[r.traffic_class].push_back((r.finished - r.started).seconds());
  }
}

void MetricRecorder::Sample() {
  const QueueDisc& disc = link_.disc();
  const QueueCounters& c = disc.counters();
  const double dt = interval_.seconds();
  const Time busy = link_.busy_time();
  if (probe_.class_counters) probe_.class_counters(class_now_);
  const int64_t delivered = SumDelivered(class_now_, crosses_hop1_);
  const double q = static_cast<double>(disc.packets());
  disc.ReadSignals(signals_);

  const double row[] = {
      loop_.now().seconds(),
      q,
      static_cast<double>(disc.bytes()),
      delay_n_ ? delay_sum_ms_ / static_cast<double>(delay_n_) : kNaN,
      jitter_n_ ? jitter_sum_ms_ / static_cast<double>(jitter_n_) : kNaN,
      static_cast<double>(c.departure_bytes - last_counters_.departure_bytes) * 8e-6 / dt,
      static_cast<double>(delivered - last_delivered_) * 8e-6 / dt,
      (busy - last_busy_).seconds() / dt,
      static_cast<double>(c.arrivals - last_counters_.arrivals),
      static_cast<double>(c.drops_of(DropReason::kOverflow) -
                          last_counters_.drops_of(DropReason::kOverflow)),
      static_cast<double>(c.drops_of(DropReason::kForced) -
                          last_counters_.drops_of(DropReason::kForced)),
      static_cast<double>(c.drops_of(DropReason::kEarly) -
                          last_counters_.drops_of(DropReason::kEarly)),
      static_cast<double>(c.marks - last_counters_.marks),
      disc.probability(),
      static_cast<double>(probe_.active_flows()),
  };
  size_t i = 0;
  for (double v : row) cols_[i++].push_back(v);
  for (double v : signals_) cols_[i++].push_back(v);
  for (size_t k = 0; k < class_now_.size(); ++k) {
    cols_[i++].push_back(
        static_cast<double>(class_now_[k].delivered_bytes - class_last_[k].delivered_bytes) * 8e-6 / dt);
    const Bytes departed = links_.empty() ? class_departed_[k] : ClassDeparted(k);
    cols_[i++].push_back(static_cast<double>(departed - class_departed_last_[k]) * 8e-6 / dt);
    class_departed_last_[k] = departed;
  }
  if (!links_.empty()) {
    for (auto& l : links_) l->Sample(cols_, i, dt, measuring_);
  }
  for (size_t c = 0; c < cols_.size(); ++c) HashSample(cols_[c].back());
  if (settling_) settling_->Add(loop_.now().seconds(), q);
  if (probe_.take_completions) CollectCompletions();

  if (measuring_) {
    queue_stats_.Add(q);
    queue_hist_.Add(q);
  }
  delay_sum_ms_ = jitter_sum_ms_ = 0;
  delay_n_ = jitter_n_ = 0;
  last_counters_ = c;
  last_busy_ = busy;
  last_delivered_ = delivered;
  // class_counters refills every entry of class_now_ before it is read again.
  std::swap(class_last_, class_now_);
}

void MetricRecorder::HashSample(double v) {
  unsigned char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  for (unsigned char b : bytes) {
    hash_ ^= b;
    hash_ *= 0x100000001b3ULL;
  }
}

const std::vector<double>& MetricRecorder::Flatten() {
  flat_.clear();
  for (const auto& col : cols_) flat_.insert(flat_.end(), col.begin(), col.end());
  return flat_;
}

void MetricRecorder::ClearBatch() {
  for (auto& col : cols_) col.clear();
}

Summary MetricRecorder::summary() const {
  Summary s;
  if (settling_) s.response_time_s = settling_->response_time_s();
  if (!measuring_) return s;
  CollectCompletions();
  std::vector<ClassCounters> now_classes(probe_.classes.size());
  if (probe_.class_counters) probe_.class_counters(now_classes);
  const QueueCounters& c = link_.disc().counters();
  const double span = (loop_.now() - measure_start_).seconds();
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
  s.arrivals = c.arrivals - base_counters_.arrivals;
  s.departures = c.departures - base_counters_.departures;
  s.drops_overflow = c.drops_of(DropReason::kOverflow) - base_counters_.drops_of(DropReason::kOverflow);
  s.drops_forced = c.drops_of(DropReason::kForced) - base_counters_.drops_of(DropReason::kForced);
  s.drops_early = c.drops_of(DropReason::kEarly) - base_counters_.drops_of(DropReason::kEarly);
  s.marks = c.marks - base_counters_.marks;
  if (span > 0) {
    s.utilisation = (link_.busy_time() - base_busy_).seconds() / span;
    s.throughput_mbps =
        static_cast<double>(c.departure_bytes - base_counters_.departure_bytes) * 8e-6 / span;
    s.goodput_mbps = static_cast<double>(SumDelivered(now_classes, crosses_hop1_) - base_delivered_) * 8e-6 / span;
  }
  std::vector<int64_t> now_sent(probe_.classes.size(), 0);
  if (probe_.class_sent) probe_.class_sent(now_sent);
  std::vector<double> all_completions;
  std::vector<double> all_pages;
  bool any_short = false;
  bool any_pages = false;
  for (size_t k = 0; k < probe_.classes.size(); ++k) {
    const TrafficClass& tc = probe_.classes[k];
    ClassSummary c;
    c.name = tc.name;
    if (span > 0) {
      c.goodput_mbps = static_cast<double>(now_classes[k].delivered_bytes - base_class_[k].delivered_bytes) *
                       8e-6 / span;
      c.throughput_mbps = static_cast<double>(ClassDeparted(k) - base_departed_[k]) * 8e-6 / span;
    }
    if (tc.open_loop_only) {
      const int64_t lost = now_classes[k].lost_packets - base_class_[k].lost_packets;
      const int64_t got = now_classes[k].received_packets - base_class_[k].received_packets;
      if (lost + got > 0) c.loss_ratio = static_cast<double>(lost) / static_cast<double>(lost + got);
    } else {
      const int64_t sent = now_sent[k] - base_sent_[k];
      const int64_t dropped = class_dropped_[k] - base_dropped_[k];
      if (sent > 0) c.loss_ratio = static_cast<double>(dropped) / static_cast<double>(sent);
    }
    if (tc.has_pages) {
      any_pages = true;
      c.pages = SummariseCompletions(page_times_[k]);
      all_pages.insert(all_pages.end(), page_times_[k].begin(), page_times_[k].end());
    }
    if (tc.has_short_flows) {
      any_short = true;
      c.completions = SummariseCompletions(completion_times_[k]);
      all_completions.insert(all_completions.end(), completion_times_[k].begin(), completion_times_[k].end());
    }
    s.classes.push_back(std::move(c));
  }
  if (any_short) s.short_flows = SummariseCompletions(std::move(all_completions));
  if (any_pages) s.pages = SummariseCompletions(std::move(all_pages));
  for (const auto& l : links_) s.links.push_back(l->Summarize(loop_.now(), measure_start_));
  if (s.arrivals > 0) {
    const double a = static_cast<double>(s.arrivals);
    s.loss_ratio = static_cast<double>(s.drops_overflow + s.drops_forced + s.drops_early) / a;
    s.mark_ratio = static_cast<double>(s.marks) / a;
    s.signal_ratio = s.loss_ratio + s.mark_ratio;
  }
  std::vector<double> shares;
  const auto now_flows = probe_.per_flow();
  for (size_t i = 0; i < now_flows.size(); ++i) {
    const double before = i < base_per_flow_.size() ? base_per_flow_[i].first : 0.0;
    const double got = now_flows[i].first - before;
    if (now_flows[i].second || got > 0) shares.push_back(got);
  }
  s.fairness = JainIndex(shares);
  s.events = loop_.events_processed();
  s.series_hash = hash_;
  return s;
}

}  // namespace aqmlab
