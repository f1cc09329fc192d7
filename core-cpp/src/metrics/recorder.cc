#include "metrics/recorder.h"

#include "metrics/columns.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace aqmlab {

namespace {
constexpr uint32_t kTagWarmupEnd = 1;
// Window i opens with tag kTagWindowBase + 2i and closes with the next tag.
constexpr uint32_t kTagWindowBase = 2;
constexpr uint64_t kHashSeed = 0xcbf29ce484222325ULL;

// The determinism hash. Each column's series is a polynomial in an odd
// multiplier, h = h * K + x over its samples' bits (x a double's 64 bits):
// mod 2^64 a change of one sample by d changes h by d * K^n, never 0 for an
// odd K, so a difference anywhere shows. A column's chain runs over the
// column in one pass when its batch is cleared (or the hash read), not a
// step per sample. The run's hash folds the column chains in order with a
// mixing step (the xor-shift carries high bits into the low ones).
constexpr uint64_t kHashMultiplier = 0x9e3779b97f4a7c15ULL;
uint64_t HashFold(uint64_t h, uint64_t word) {
  h = (h ^ word) * kHashMultiplier;
  return h ^ (h >> 29);
}

uint64_t Bits(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return bits;
}

// K^0 .. K^8 (mod 2^64).
constexpr std::array<uint64_t, 9> kHashPowers = [] {
  std::array<uint64_t, 9> p{1};
  for (size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * kHashMultiplier;
  return p;
}();

// h = h * K + x over `values`, eight at a time: h K^8 + x0 K^7 + ... + x6 K
// + x7 is eight steps of the chain (mod 2^64, exactly), with independent
// multiplies instead of eight in a row, and one fewer.
uint64_t ChainColumn(uint64_t h, std::span<const double> values) {
  size_t i = 0;
  for (; i + 8 <= values.size(); i += 8) {
    uint64_t sum = h * kHashPowers[8];
    for (size_t j = 0; j < 8; ++j) sum += Bits(values[i + j]) * kHashPowers[7 - j];
    h = sum;
  }
  for (; i < values.size(); ++i) h = h * kHashMultiplier + Bits(values[i]);
  return h;
}

// The bottleneck's goodput: classes with data crossing hop 1 forward.
int64_t SumDelivered(const ClassCounters* c, const std::vector<uint8_t>& crosses_hop1) {
  int64_t sum = 0;
  for (size_t k = 0; k < crosses_hop1.size(); ++k) {
    if (crosses_hop1[k]) sum += c[k].delivered_bytes;
  }
  return sum;
}

}  // namespace

MetricRecorder::MetricRecorder(EventLoop& loop, QueueLink& bottleneck, TrafficProbe probe,
                               Time interval, Time warmup, std::optional<SettlingTarget> response,
                               const std::vector<MonitoredLink>& more_links,
                               const AqmDescriptor* switched_to,
                               const std::vector<RecorderWindow>& windows)
    : loop_(loop), link_(bottleneck), probe_(std::move(probe)), interval_(interval),
      interval_s_(interval.seconds()), warmup_(warmup),
      group_meters_(probe_.flow_group, probe_.tcp_groups.size()),
      summary_(probe_.classes, bottleneck.disc().link().buffer_packets, interval.seconds(), std::nullopt,
               probe_.tcp_groups) {
  for (const ColumnSpec& c : kHop1Columns) names_.emplace_back(c.name);
  for (const SignalSpec& s : link_.disc().descriptor().signals) signal_names_.push_back(s.name);
  if (switched_to) {
    for (const SignalSpec& s : switched_to->signals) {
      if (std::find(signal_names_.begin(), signal_names_.end(), s.name) == signal_names_.end()) {
        signal_names_.push_back(s.name);
      }
    }
  }
  for (std::string_view n : signal_names_) names_.push_back("aqm." + std::string(n));
  signals_.resize(signal_names_.size());
  for (const TrafficClass& c : probe_.classes) {
    for (const ColumnSpec& col : kClassColumns) names_.push_back("class." + c.name + "." + std::string(col.name));
  }
  if (link_.disc().descriptor().queues.size() > 1) {
    queues_.emplace(link_.disc());
    queues_->AppendColumnNames(names_);
  }
  const size_t classes = probe_.classes.size();
  for (const MonitoredLink& m : more_links) {
    links_.push_back(std::make_unique<LinkMonitor>(m.prefix, *m.link, m.meter, classes));
    links_.back()->AppendColumnNames(names_);
    m.link->disc().set_drop_observer(this);
  }
  link_.disc().set_drop_observer(this);
  // Last, so a run that asks for no window chart keeps its columns.
  for (const std::string& n : probe_.traced_columns) names_.push_back(n);
  traced_.assign(probe_.traced_columns.size(), kNaN);
  batch_.SetColumns(names_.size());
  column_hash_.assign(names_.size(), kHashSeed);
  class_delivered_last_.assign(classes, 0);
  class_departed_.assign(classes, 0);
  class_departed_last_.assign(classes, 0);
  class_dropped_.assign(classes, 0);
  for (const TrafficClass& c : probe_.classes) crosses_hop1_.push_back(c.crosses_hop1);
  if (response) {
    settling_.emplace(response->target_pkts, response->from_s,
                      SettlingWindowSamples(interval_.seconds()), response->deviation_tolerance,
                      response->tolerance_pkts);
  }
  link_.set_observer(this);
  // Before the first sample: a window opening at a sample's time sees it, one
  // closing then does not (simultaneous events run in scheduling order).
  for (size_t i = 0; i < windows.size(); ++i) {
    const RecorderWindow& w = windows[i];
    windows_.push_back(WindowState{
        w,
        SummaryAccumulator(probe_.classes, bottleneck.disc().link().buffer_packets, interval.seconds(), w.band,
                           probe_.tcp_groups),
        std::nullopt});
    const auto tag = kTagWindowBase + 2 * static_cast<uint32_t>(i);
    loop_.Schedule(w.from, this, tag);
    loop_.Schedule(w.to, this, tag + 1);
  }
  // After the windows: the tick runs behind what was scheduled for its time before it.
  loop_.ScheduleTick(loop_.now() + interval_, &ticker_);
  if (warmup_ > loop_.now()) {
    loop_.Schedule(warmup_, this, kTagWarmupEnd);
  } else {
    StartMeasuring();
  }
}

void MetricRecorder::OnDepart(const Packet& p, Time sojourn) {
  // Data here always meets its first queue (Route::meter 0): only the ACKs
  // of reverse traffic are left out, and the packet's own flag says so.
  if (!p.has(kFlagAck)) {
    if (static_cast<size_t>(p.traffic_class) < class_departed_.size()) class_departed_[p.traffic_class] += p.size;
    group_meters_.OnDepart(p);
  }
  const double d = sojourn.millis();
  delay_sum_ms_ += d;
  ++delay_n_;
  const bool measuring = summary_.measuring();
  if (queues_ && &link_.disc() == queues_->owner()) queues_->OnDepart(p, d, measuring);
  if (last_delay_ms_ >= 0) {
    const double j = std::fabs(d - last_delay_ms_);
    jitter_sum_ms_ += j;
    ++jitter_n_;
    if (measuring) summary_.AddJitter(j);
    for (SummaryAccumulator* w : open_windows_) w->AddJitter(j);
  }
  last_delay_ms_ = d;
  if (!measuring && open_windows_.empty()) return;
  // ACKs (and HTTP requests) belong to no class's delay: only data does.
  const int cls = p.has(kFlagAck) ? -1 : p.traffic_class;
  if (measuring) summary_.AddDelay(d, cls);
  for (SummaryAccumulator* w : open_windows_) w->AddDelay(d, cls);
}

void MetricRecorder::OnDrop(const Packet& p, DropReason) {
  if (!p.has(kFlagAck)) {
    if (static_cast<size_t>(p.traffic_class) < class_dropped_.size()) ++class_dropped_[p.traffic_class];
    group_meters_.OnDrop(p);
  }
}

Bytes MetricRecorder::ClassDeparted(size_t k) const {
  Bytes b = class_departed_[k];
  for (const auto& l : links_) b += l->class_departed()[k];
  return b;
}

void MetricRecorder::OnEvent(uint32_t tag) {
  if (tag == kTagWarmupEnd) return StartMeasuring();
  OnWindow((tag - kTagWindowBase) / 2, (tag - kTagWindowBase) % 2 == 0);
}

void MetricRecorder::StartMeasuring() {
  summary_.Start(Totals());
  if (queues_) queues_->StartMeasuring();
  for (auto& l : links_) l->StartMeasuring();
  // Flows that arrived during the warm-up are left out.
  CollectCompletions();
}

void MetricRecorder::OnWindow(size_t index, bool opens) {
  WindowState& w = windows_[index];
  // The completions so far go to the windows open until now.
  CollectCompletions();
  if (opens) {
    w.acc.Start(Totals());
    open_windows_.push_back(&w.acc);
    return;
  }
  w.closed = w.acc.Build(Totals());
  open_windows_.erase(std::find(open_windows_.begin(), open_windows_.end(), &w.acc));
}

RunTotals MetricRecorder::Totals() const {
  RunTotals t;
  t.at = loop_.now();
  t.counters = link_.disc().counters();
  t.busy = link_.busy_time();
  t.classes.assign(probe_.class_totals, probe_.class_totals + probe_.classes.size());
  t.delivered = SumDelivered(probe_.class_totals, crosses_hop1_);
  for (size_t k = 0; k < class_departed_.size(); ++k) t.departed.push_back(ClassDeparted(k));
  t.dropped = class_dropped_;
  t.sent.assign(probe_.classes.size(), 0);
  if (probe_.class_sent) probe_.class_sent(t.sent);
  t.per_flow = probe_.per_flow();
  t.groups.resize(probe_.tcp_groups.size());
  if (probe_.group_counters) probe_.group_counters(t.groups);
  group_meters_.Fill(t.groups);
  return t;
}

void MetricRecorder::CollectCompletions() const {
  if (!probe_.take_completions) return;
  completion_buffer_.clear();
  probe_.take_completions(completion_buffer_);
  for (const FlowCompletionRecord& r : completion_buffer_) {
    if (summary_.measuring()) summary_.AddCompletion(r);
    for (SummaryAccumulator* w : open_windows_) w->AddCompletion(r);
  }
}

void MetricRecorder::ReadSignalsByName(const QueueDisc& disc) {
  if (&disc != signal_source_) {
    signal_source_ = &disc;
    const AqmDescriptor& d = disc.descriptor();
    signal_index_.assign(signal_names_.size(), -1);
    for (size_t j = 0; j < signal_names_.size(); ++j) {
      for (size_t i = 0; i < d.signals.size(); ++i) {
        if (d.signals[i].name == signal_names_[j]) signal_index_[j] = static_cast<int>(i);
      }
    }
    signal_read_.resize(d.signals.size());
    signals_in_order_ = signal_read_.size() == signals_.size();
    for (size_t j = 0; signals_in_order_ && j < signal_index_.size(); ++j) {
      signals_in_order_ = signal_index_[j] == static_cast<int>(j);
    }
  }
  if (signals_in_order_) return disc.ReadSignals(signals_);
  disc.ReadSignals(signal_read_);
  for (size_t j = 0; j < signals_.size(); ++j) {
    signals_[j] = signal_index_[j] < 0 ? kNaN : signal_read_[static_cast<size_t>(signal_index_[j])];
  }
}

void MetricRecorder::Tick() {
  Sample();
  loop_.ScheduleTick(loop_.now() + interval_, &ticker_);
}

void MetricRecorder::Sample() {
  const QueueDisc& disc = link_.disc();
  const QueueCounters& c = disc.counters();
  const double dt = interval_s_;
  const double t = loop_.now().seconds();
  const Time busy = link_.busy_time();
  const ClassCounters* classes = probe_.class_totals;
  const int64_t delivered = SumDelivered(classes, crosses_hop1_);
  const double q = static_cast<double>(disc.packets());
  // The common case (no switch, or the discipline whose signals come first):
  // the columns are the discipline's signals in its own order.
  if (&disc == signal_source_ && signals_in_order_) {
    disc.ReadSignals(signals_);
  } else {
    ReadSignalsByName(disc);
  }

  // Each value goes to its column by name (columns.h); the row is written in the table's order.
  const auto count = [&](int64_t now_total, int64_t last_total) { return static_cast<double>(now_total - last_total); };
  std::array<double, hop1::kCount> v;
  v[hop1::kT] = t;
  v[hop1::kQueuePkts] = q;
  v[hop1::kQueueBytes] = static_cast<double>(disc.bytes());
  v[hop1::kDelayMs] = delay_n_ ? delay_sum_ms_ / static_cast<double>(delay_n_) : kNaN;
  v[hop1::kJitterMs] = jitter_n_ ? jitter_sum_ms_ / static_cast<double>(jitter_n_) : kNaN;
  v[hop1::kThroughputMbps] = static_cast<double>(c.departure_bytes - last_counters_.departure_bytes) * 8e-6 / dt;
  v[hop1::kGoodputMbps] = static_cast<double>(delivered - last_delivered_) * 8e-6 / dt;
  v[hop1::kUtilisation] = (busy - last_busy_).seconds() / dt;
  v[hop1::kArrivals] = count(c.arrivals, last_counters_.arrivals);
  v[hop1::kDropsOverflow] = count(c.drops_of(DropReason::kOverflow), last_counters_.drops_of(DropReason::kOverflow));
  v[hop1::kDropsForced] = count(c.drops_of(DropReason::kForced), last_counters_.drops_of(DropReason::kForced));
  v[hop1::kDropsEarly] = count(c.drops_of(DropReason::kEarly), last_counters_.drops_of(DropReason::kEarly));
  v[hop1::kMarks] = count(c.marks, last_counters_.marks);
  v[hop1::kP] = disc.probability();
  v[hop1::kFlows] = static_cast<double>(*probe_.active_flows);

  ColumnBatch::RowWriter row = batch_.AppendRow();
  for (double x : v) row.Put(x);
  for (double x : signals_) row.Put(x);
  for (size_t k = 0; k < class_delivered_last_.size(); ++k) {
    const Bytes got = classes[k].delivered_bytes;
    const Bytes departed = links_.empty() ? class_departed_[k] : ClassDeparted(k);
    std::array<double, per_class::kCount> per;
    per[per_class::kGoodputMbps] = static_cast<double>(got - class_delivered_last_[k]) * 8e-6 / dt;
    per[per_class::kThroughputMbps] = static_cast<double>(departed - class_departed_last_[k]) * 8e-6 / dt;
    for (double x : per) row.Put(x);
    class_delivered_last_[k] = got;
    class_departed_last_[k] = departed;
  }
  if (queues_) queues_->Sample(row, disc, dt);
  for (auto& l : links_) l->Sample(row, dt, summary_.measuring());
  if (!traced_.empty()) {
    probe_.read_traced(traced_.data());
    for (double x : traced_) row.Put(x);
  }
  if (settling_) settling_->Add(t, q);
  if (probe_.take_completions) CollectCompletions();

  if (summary_.measuring()) summary_.AddQueueSample(t, q);
  for (SummaryAccumulator* w : open_windows_) w->AddQueueSample(t, q);
  delay_sum_ms_ = jitter_sum_ms_ = 0;
  delay_n_ = jitter_n_ = 0;
  last_counters_ = c;
  last_busy_ = busy;
  last_delivered_ = delivered;
}

void MetricRecorder::ClearBatch() {
  for (size_t c = 0; c < column_hash_.size(); ++c) {
    column_hash_[c] = ChainColumn(column_hash_[c], batch_[c]);
  }
  batch_.Clear();
}

uint64_t MetricRecorder::SeriesHash() const {
  uint64_t h = kHashSeed;
  for (size_t c = 0; c < column_hash_.size(); ++c) {
    h = HashFold(h, ChainColumn(column_hash_[c], batch_[c]));
  }
  return h;
}

Summary MetricRecorder::summary() const {
  Summary s;
  CollectCompletions();
  const RunTotals now = Totals();
  if (summary_.measuring()) {
    s = summary_.Build(now);
    for (const auto& l : links_) s.links.push_back(l->Summarize(loop_.now(), summary_.start()));
    if (queues_) s.queues = queues_->Summarize((loop_.now() - summary_.start()).seconds());
    s.events = loop_.events_processed();
    s.series_hash = SeriesHash();
  }
  if (settling_) s.response_time_s = settling_->response_time_s();
  for (const WindowState& w : windows_) {
    WindowSummary ws{w.spec.name, w.spec.from.seconds(), w.spec.to.seconds(), w.acc.measuring(), {}};
    if (w.closed) {
      ws.summary = *w.closed;
    } else if (w.acc.measuring()) {
      ws.summary = w.acc.Build(now);
    }
    s.windows.push_back(std::move(ws));
  }
  return s;
}

}  // namespace aqmlab
