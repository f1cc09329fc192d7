#include "metrics/recorder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace aqmlab {

namespace {
constexpr uint32_t kTagSample = 0;
constexpr uint32_t kTagWarmupEnd = 1;
// Window i opens with tag kTagWindowBase + 2i and closes with the next tag.
constexpr uint32_t kTagWindowBase = 2;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The bottleneck's goodput: classes with data crossing hop 1 forward.
int64_t SumDelivered(const std::vector<ClassCounters>& c, const std::vector<uint8_t>& crosses_hop1) {
  int64_t sum = 0;
  for (size_t k = 0; k < c.size(); ++k) {
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
      warmup_(warmup),
      summary_(probe_.classes, bottleneck.disc().link().buffer_packets, interval.seconds()) {
  names_ = {"t",           "queue_pkts",     "queue_bytes",    "delay_ms",     "jitter_ms",
            "throughput_mbps", "goodput_mbps", "utilisation",  "arrivals",     "drops_overflow",
            "drops_forced", "drops_early",    "marks",          "p",            "flows"};
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
  batch_.SetColumns(names_.size());
  class_now_.assign(classes, ClassCounters{});
  class_last_.assign(classes, ClassCounters{});
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
        w, SummaryAccumulator(probe_.classes, bottleneck.disc().link().buffer_packets, interval.seconds(), w.band),
        std::nullopt});
    const auto tag = kTagWindowBase + 2 * static_cast<uint32_t>(i);
    loop_.Schedule(w.from, this, tag);
    loop_.Schedule(w.to, this, tag + 1);
  }
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
  const bool measuring = summary_.measuring();
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
  if (tag >= kTagWindowBase) return OnWindow((tag - kTagWindowBase) / 2, (tag - kTagWindowBase) % 2 == 0);
  Sample();
  loop_.Schedule(loop_.now() + interval_, this, kTagSample);
}

void MetricRecorder::StartMeasuring() {
  summary_.Start(Totals());
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
  t.classes.assign(probe_.classes.size(), ClassCounters{});
  if (probe_.class_counters) probe_.class_counters(t.classes);
  t.delivered = SumDelivered(t.classes, crosses_hop1_);
  for (size_t k = 0; k < class_departed_.size(); ++k) t.departed.push_back(ClassDeparted(k));
  t.dropped = class_dropped_;
  t.sent.assign(probe_.classes.size(), 0);
  if (probe_.class_sent) probe_.class_sent(t.sent);
  t.per_flow = probe_.per_flow();
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

void MetricRecorder::ReadSignals(const QueueDisc& disc) {
  const AqmDescriptor& d = disc.descriptor();
  if (&d != signal_source_) {
    signal_source_ = &d;
    signal_index_.assign(signal_names_.size(), -1);
    for (size_t j = 0; j < signal_names_.size(); ++j) {
      for (size_t i = 0; i < d.signals.size(); ++i) {
        if (d.signals[i].name == signal_names_[j]) signal_index_[j] = static_cast<int>(i);
      }
    }
    signal_read_.resize(d.signals.size());
  }
  disc.ReadSignals(signal_read_);
  for (size_t j = 0; j < signals_.size(); ++j) {
    signals_[j] = signal_index_[j] < 0 ? kNaN : signal_read_[static_cast<size_t>(signal_index_[j])];
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
  ReadSignals(disc);

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
  batch_.BeginRow();
  size_t i = 0;
  for (double v : row) batch_.Put(i++, v);
  for (double v : signals_) batch_.Put(i++, v);
  for (size_t k = 0; k < class_now_.size(); ++k) {
    batch_.Put(i++, static_cast<double>(class_now_[k].delivered_bytes - class_last_[k].delivered_bytes) *
                        8e-6 / dt);
    const Bytes departed = links_.empty() ? class_departed_[k] : ClassDeparted(k);
    batch_.Put(i++, static_cast<double>(departed - class_departed_last_[k]) * 8e-6 / dt);
    class_departed_last_[k] = departed;
  }
  for (auto& l : links_) l->Sample(batch_, i, dt, summary_.measuring());
  batch_.EndRow();
  for (size_t c = 0; c < batch_.size(); ++c) HashSample(batch_.last(c));
  if (settling_) settling_->Add(loop_.now().seconds(), q);
  if (probe_.take_completions) CollectCompletions();

  const double t = loop_.now().seconds();
  if (summary_.measuring()) summary_.AddQueueSample(t, q);
  for (SummaryAccumulator* w : open_windows_) w->AddQueueSample(t, q);
  delay_sum_ms_ = jitter_sum_ms_ = 0;
  delay_n_ = jitter_n_ = 0;
  last_counters_ = c;
  last_busy_ = busy;
  last_delivered_ = delivered;
  // class_counters refills every entry of class_now_ before it is read again.
  std::swap(class_last_, class_now_);
}

// One multiply per sample rather than FNV-1a's eight (one per byte), which
// made the hash most of the cost of sampling every 1 ms. The xor-shift after
// the multiply carries the word's high bits (sign, exponent) into the low
// ones, so a change anywhere in a sample changes the whole state.
void MetricRecorder::HashSample(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  hash_ = (hash_ ^ bits) * 0x9e3779b97f4a7c15ULL;
  hash_ ^= hash_ >> 29;
}

Summary MetricRecorder::summary() const {
  Summary s;
  CollectCompletions();
  const RunTotals now = Totals();
  if (summary_.measuring()) {
    s = summary_.Build(now);
    for (const auto& l : links_) s.links.push_back(l->Summarize(loop_.now(), summary_.start()));
    s.events = loop_.events_processed();
    s.series_hash = hash_;
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
