#include "scenario/traffic_groups.h"

#include <cmath>

#include "scenario/group_taps.h"
#include "sim/rng.h"
#include "traffic/cbr_source.h"
#include "traffic/http_session.h"
#include "traffic/mmpp_source.h"
#include "traffic/on_off_source.h"
#include "traffic/open_loop_sink.h"
#include "traffic/poisson_source.h"
#include "traffic/short_flows.h"
#include "traffic/video_source.h"

namespace aqmlab {

namespace {

constexpr double kGoldenFraction = 0.6180339887498949;  // (sqrt(5) - 1) / 2
// Flow ids of open-loop sources and short flows: a block per group, far
// above the long-lived flows' 0, 1, ... (flow ids key FQ-CoDel's hashing).
constexpr int32_t kOpenLoopFlowBase = 1 << 28;
constexpr int32_t kFlowIdsPerGroup = 1 << 22;
// Short-flow slots (a TcpSource/TcpSink pair each) over a group's paths.
constexpr int32_t kShortFlowSlots = 10000;

uint64_t MemberKey(int group, int64_t k) {
  return (static_cast<uint64_t>(group) << 32) | static_cast<uint64_t>(k);
}

TcpConfig MakeTcpConfig(const TcpOptions& o, Bytes segment_bytes) {
  TcpConfig c;
  c.segment_bytes = segment_bytes;
  c.advertised_window = static_cast<double>(o.advertised_window_pkts);
  c.delayed_ack = o.delayed_ack;
  c.ecn = o.ecn;
  c.newreno = o.newreno;
  return c;
}

PacketSizeLaw MakeSizeLaw(bool exponential, Bytes bytes) {
  PacketSizeLaw law;
  law.kind = exponential ? PacketSizeLaw::Kind::kExponential : PacketSizeLaw::Kind::kFixed;
  law.mean_bytes = bytes;
  return law;
}

// A group whose `count` members (long-lived flows or open-loop sources) run
// while it is on; set_flows changes the count, and the start pattern
// (together, staggered, random over start_window_s) applies each time the
// group turns on.
class CountedGroup : public TrafficGroup {
 public:
  CountedGroup(Network& net, int index, int16_t cls)
      : TrafficGroup(net, index, cls), count_(spec().count) {}

  int64_t count() const override { return count_; }

  void SetCount(int64_t count) override {
    Grow(count);
    if (on()) {
      // Started at once; members still waiting for their pattern start
      // below the old count keep waiting.
      for (int64_t k = count_; k < count; ++k) {
        if (!members_[k]->running()) members_[k]->Start();
      }
      for (int64_t k = count; k < count_; ++k) members_[k]->Stop();
    }
    count_ = count;
  }

 protected:
  // One flow or source, with at most one pending event for its pattern
  // start: toggling the group any number of times while starts are pending
  // (the page's live toggles are unlimited) adds no events. A member whose
  // start is still pending when the group turns on again keeps that event:
  // it starts at its new pattern time, or at that event's time if later
  // (only possible when set_flows changed a staggered group's spacing).
  struct Member : EventTarget {
    Member(CountedGroup& g, int64_t k) : group(g), index(k) {}
    virtual ~Member() = default;
    virtual void Start() = 0;
    virtual void Stop() = 0;
    virtual bool running() const = 0;
    void OnEvent(uint32_t) override { group.Due(*this); }
    CountedGroup& group;
    int64_t index;
    bool awaited = false;  // a pattern start is wanted at `due`
    bool pending = false;  // an event for it is in the loop
    Time due;
  };

  virtual std::unique_ptr<Member> MakeMember(int64_t k) = 0;
  const std::vector<std::unique_ptr<Member>>& members() const { return members_; }

  void OnTurnOn() override {
    Grow(count_);
    for (int64_t k = 0; k < count_; ++k) {
      Member& m = *members_[k];
      m.awaited = true;
      m.due = net_.loop.now() + StartOffset(k, count_);
      if (!m.pending) {
        m.pending = true;
        net_.loop.Schedule(m.due, &m);
      }
    }
  }

  void OnTurnOff() override {
    for (auto& m : members_) {
      m->awaited = false;
      if (m->running()) m->Stop();
    }
  }

 private:
  void Grow(int64_t count) {
    while (static_cast<int64_t>(members_.size()) < count) {
      members_.push_back(MakeMember(static_cast<int64_t>(members_.size())));
    }
  }

  void Due(Member& m) {
    m.pending = false;
    if (!m.awaited) return;
    if (net_.loop.now() < m.due) {  // the group turned on again since: wait on
      m.pending = true;
      net_.loop.Schedule(m.due, &m);
      return;
    }
    m.awaited = false;
    if (on() && m.index < count_ && !m.running()) m.Start();
  }

  Time StartOffset(int64_t k, int64_t count) const {
    const GroupSpec& g = spec();
    switch (g.start) {
      case StartPattern::kTogether:
        return Time();
      case StartPattern::kStaggered:
        return Time::Seconds(g.start_window_s * static_cast<double>(k) / static_cast<double>(count));
      case StartPattern::kRandom: {
        RandomStream rng(net_.scenario.seed, StreamPurpose::kFlowStart, MemberKey(index(), k));
        return Time::Seconds(rng.Uniform(0, g.start_window_s));
      }
    }
    return Time();
  }

  int64_t count_;
  std::vector<std::unique_ptr<Member>> members_;
};

// Hops of a route: `before`, then `middle`, then `after`.
std::vector<PacketReceiver*> Hops(std::initializer_list<PacketReceiver*> before,
                                  const std::vector<PacketReceiver*>& middle,
                                  std::initializer_list<PacketReceiver*> after) {
  std::vector<PacketReceiver*> h;
  h.reserve(before.size() + middle.size() + after.size());
  for (PacketReceiver* r : before) h.push_back(r);
  for (PacketReceiver* r : middle) h.push_back(r);
  for (PacketReceiver* r : after) h.push_back(r);
  return h;
}

// Long-lived TCP (the data hops and the way back follow the group's path
// and direction, see Network):
//   source -> access pipe (d) -> bottleneck(s) -> sink
//   sink -> way(s) back -> access pipe (d) -> source
class TcpGroup final : public CountedGroup {
 public:
  TcpGroup(Network& net, int index, int16_t cls, const TcpTraffic& t)
      : CountedGroup(net, index, cls),
        config_(MakeTcpConfig(t.tcp, PacketBytes(t.tcp.packet_bytes))) {}

  int64_t active_tcp_flows() const override { return on() ? count() : 0; }

  void AddCounters(ClassCounters& c) const override { c.delivered_bytes += delivered_bytes_; }

  int64_t sent_packets() const override {
    int64_t n = 0;
    for (const auto& m : members()) n += static_cast<const Flow&>(*m).source.stats().segments_sent;
    return n;
  }

 private:
  struct Flow final : Member {
    Flow(TcpGroup& g, int64_t k, Time access_delay, int32_t id)
        : Member(g, k),
          access_out(g.net_.loop, g.net_.scenario.access_mbps * 1e6, access_delay),
          // Only the last way back feeds it.
          access_back(g.net_.loop, g.net_.scenario.access_mbps * 1e6, access_delay,
                      Pipe::Feeding::kSingleFeeder),
          source(g.net_.loop, g.net_.pool, id, g.traffic_class(), g.config_, &forward),
          sink(g.net_.loop, g.net_.pool, g.config_, &backward) {
      sink.AccumulateInto(&g.delivered_bytes_);
      const GroupSpec& spec = g.spec();
      forward.hops = Hops({&access_out}, g.net_.DataHops(spec), {&sink});
      forward.meter = g.net_.DataMeter(spec);
      backward.hops = Hops({}, g.net_.ReturnHops(spec), {&access_back, &source});
      backward.meter = Route::kNoMeter;
    }
    void Start() override { source.Start(); }
    void Stop() override { source.Stop(); }
    bool running() const override { return source.running(); }
    Pipe access_out;
    Pipe access_back;
    Route forward;
    Route backward;
    TcpSource source;
    TcpSink sink;
  };

  std::unique_ptr<Member> MakeMember(int64_t k) override {
    auto flow = std::make_unique<Flow>(*this, k, AccessDelay(MemberRttMs(k)), net_.next_tcp_flow++);
    net_.tcp_sources.push_back(&flow->source);
    net_.tcp_sinks.push_back(&flow->sink);
    net_.tcp_reverse.push_back(spec().reverse());
    return flow;
  }

  TcpConfig config_;
  Bytes delivered_bytes_ = 0;  // by every flow's sink, since the start
};

// Open-loop sources of one kind, each on its own access pipe:
//   source -> access pipe (d) -> bottleneck(s) -> loss tap -> the group's sink
// A set_rate value goes into the config later members are built from
// (`update`), and from there into every existing source (`apply`).
template <class Source, class Config>
struct RateSetter {
  void (*update)(Config&, double);
  void (*apply)(Source&, const Config&);
};

template <class Source, class Config>
class OpenLoopGroup final : public CountedGroup {
 public:
  OpenLoopGroup(Network& net, int index, int16_t cls, const Config& config,
                RateSetter<Source, Config> rate)
      : CountedGroup(net, index, cls), config_(config), rate_(rate), tap_(OpenLoopFlowBase()),
        sink_(net.pool) {
    tap_.set_next(&sink_);
  }

  void SetRate(double rate) override {
    rate_.update(config_, rate);
    for (const auto& m : members()) rate_.apply(static_cast<SourceMember&>(*m).source, config_);
  }

  void AddCounters(ClassCounters& c) const override {
    c.delivered_bytes += sink_.bytes();
    c.received_packets += tap_.received();
    c.lost_packets += tap_.lost();
  }

  int64_t sent_packets() const override {
    int64_t n = 0;
    for (const auto& m : members()) n += static_cast<const SourceMember&>(*m).source.stats().packets_sent;
    return n;
  }

 private:
  struct SourceMember final : Member {
    SourceMember(OpenLoopGroup& g, int64_t k, Time access_delay)
        : Member(g, k), access(g.net_.loop, g.net_.scenario.access_mbps * 1e6, access_delay),
          source(g.net_.loop, g.net_.pool,
                 SourceIdentity{g.OpenLoopFlowBase() + static_cast<int32_t>(k), g.traffic_class(),
                                &route, g.net_.scenario.seed, g.StreamIndex(k)},
                 g.config_) {
      route.hops = Hops({&access}, g.net_.DataHops(g.spec()), {&g.tap_});
      route.meter = g.net_.DataMeter(g.spec());
    }
    void Start() override { source.Start(); }
    void Stop() override { source.Stop(); }
    bool running() const override { return source.running(); }
    Pipe access;
    Route route;
    Source source;
  };

  std::unique_ptr<Member> MakeMember(int64_t k) override {
    return std::make_unique<SourceMember>(*this, k, AccessDelay(MemberRttMs(k)));
  }

  Config config_;
  RateSetter<Source, Config> rate_;
  LossTap tap_;
  OpenLoopSink sink_;
};

// MMPP-2 sources (all of the group's list), each on its own access pipe;
// set_rate scales every source's lambda1 and lambda2 so the group's mean
// rate becomes the given packets per second.
class MmppGroup final : public TrafficGroup {
 public:
  MmppGroup(Network& net, int index, int16_t cls, const MmppTraffic& t)
      : TrafficGroup(net, index, cls), tap_(OpenLoopFlowBase()), sink_(net.pool) {
    tap_.set_next(&sink_);
    const PacketSizeLaw size = MakeSizeLaw(t.exponential_sizes, PacketBytes(t.packet_bytes));
    for (size_t k = 0; k < t.sources.size(); ++k) {
      const MmppSourceSpec& m = t.sources[k];
      Mmpp2Config c;
      c.lambda1 = m.lambda1;
      c.lambda2 = m.lambda2;
      c.r12 = m.r12;
      c.r21 = m.r21;
      c.size = size;
      base_.push_back(c);
      base_rate_pps_ += Mmpp2MeanRate(c);
      sources_.push_back(std::make_unique<SourceSlot>(*this, static_cast<int64_t>(k), c));
    }
  }

  int64_t count() const override { return static_cast<int64_t>(sources_.size()); }

  void SetRate(double rate_pps) override {
    const double f = rate_pps / base_rate_pps_;
    for (size_t k = 0; k < sources_.size(); ++k) {
      sources_[k]->source.SetArrivalRates(base_[k].lambda1 * f, base_[k].lambda2 * f);
    }
  }

  void AddCounters(ClassCounters& c) const override {
    c.delivered_bytes += sink_.bytes();
    c.received_packets += tap_.received();
    c.lost_packets += tap_.lost();
  }

  int64_t sent_packets() const override {
    int64_t n = 0;
    for (const auto& slot : sources_) n += slot->source.stats().packets_sent;
    return n;
  }

 protected:
  void OnTurnOn() override {
    for (auto& s : sources_) s->source.Start();
  }
  void OnTurnOff() override {
    for (auto& s : sources_) s->source.Stop();
  }

 private:
  struct SourceSlot {
    SourceSlot(MmppGroup& g, int64_t k, const Mmpp2Config& c)
        : access(g.net_.loop, g.net_.scenario.access_mbps * 1e6, g.AccessDelay(g.MemberRttMs(k))),
          source(g.net_.loop, g.net_.pool,
                 SourceIdentity{g.OpenLoopFlowBase() + static_cast<int32_t>(k), g.traffic_class(),
                                &route, g.net_.scenario.seed, g.StreamIndex(k)},
                 c) {
      route.hops = Hops({&access}, g.net_.DataHops(g.spec()), {&g.tap_});
      route.meter = g.net_.DataMeter(g.spec());
    }
    Pipe access;
    Route route;
    Mmpp2Source source;
  };

  std::vector<Mmpp2Config> base_;  // as the scenario gives them
  double base_rate_pps_ = 0;
  LossTap tap_;
  OpenLoopSink sink_;
  std::vector<std::unique_ptr<SourceSlot>> sources_;
};

// Short TCP flows: Poisson arrivals split evenly over `paths` access paths
// (a superposition of Poisson processes is Poisson), each path with its RTT:
//   sender -> gate -> access pipe (d) -> bottleneck(s) -> receiver
//   receiver -> ACK tap -> way(s) back -> access pipe (d) -> watch -> sender
class ShortTcpGroup final : public TrafficGroup {
 public:
  ShortTcpGroup(Network& net, int index, int16_t cls, const ShortTcpTraffic& t)
      : TrafficGroup(net, index, cls) {
    using Law = ShortFlowConfig::SizeLaw;
    ShortFlowConfig c;
    c.arrival_rate = t.arrival_rate / static_cast<double>(t.paths);
    switch (t.law) {
      case ShortTcpTraffic::SizeLaw::kFixed: c.law = Law::kFixedPackets; break;
      case ShortTcpTraffic::SizeLaw::kPareto: c.law = Law::kParetoPackets; break;
      case ShortTcpTraffic::SizeLaw::kDuration: c.law = Law::kUniformDuration; break;
    }
    c.fixed_packets = t.packets;
    c.pareto_mean_packets = t.mean_packets;
    c.pareto_shape = t.shape;
    c.duration_min = Time::Seconds(t.min_s);
    c.duration_max = Time::Seconds(t.max_s);
    c.max_active = kShortFlowSlots / static_cast<int32_t>(t.paths);
    c.tcp = MakeTcpConfig(t.tcp, PacketBytes(t.tcp.packet_bytes));
    config_ = c;
    paths_ = t.paths;
  }

  Status Build() {
    if (Status s = ValidateShortFlowConfig(config_); !s.ok()) return s;
    for (int64_t p = 0; p < paths_; ++p) paths_list_.push_back(std::make_unique<Path>(*this, p));
    return {};
  }

  int64_t count() const override { return 0; }

  void SetRate(double flows_per_second) override {
    for (auto& p : paths_list_) p->flows.SetArrivalRate(flows_per_second / static_cast<double>(paths_));
  }

  void AddCounters(ClassCounters& c) const override {
    for (const auto& p : paths_list_) {
      c.delivered_bytes += p->tap.delivered_segments() * config_.tcp.segment_bytes;
    }
  }

  int64_t sent_packets() const override {
    int64_t n = 0;
    for (const auto& p : paths_list_) n += p->flows.stats().segments_entered;
    return n;
  }

  void TakeCompletions(std::vector<FlowCompletionRecord>& out) override {
    for (auto& p : paths_list_) {
      for (const FlowCompletion& f : p->flows.completions()) {
        out.push_back(FlowCompletionRecord{traffic_class(), f.started, f.finished});
      }
      p->flows.ClearCompletions();
    }
  }

 protected:
  void OnTurnOn() override {
    for (auto& p : paths_list_) p->flows.Start();
  }
  // Arrivals stop; flows in progress run to their end.
  void OnTurnOff() override {
    for (auto& p : paths_list_) p->flows.Stop();
  }

 private:
  struct Path {
    Path(ShortTcpGroup& g, int64_t p)
        : access_out(g.net_.loop, g.net_.scenario.access_mbps * 1e6, g.AccessDelay(g.MemberRttMs(p))),
          access_back(g.net_.loop, g.net_.scenario.access_mbps * 1e6, access_out.delay(),
                      Pipe::Feeding::kSingleFeeder),
          tap(g.OpenLoopFlowBase() + static_cast<int32_t>(p) * g.config_.max_active),
          flows(g.net_.loop, g.net_.pool,
                SourceIdentity{g.OpenLoopFlowBase() + static_cast<int32_t>(p) * g.config_.max_active,
                               g.traffic_class(), nullptr, g.net_.scenario.seed, g.StreamIndex(p)},
                ShortFlowPaths{Hops({&access_out}, g.net_.DataHops(g.spec()), {}),
                               Hops({&tap}, g.net_.ReturnHops(g.spec()), {&access_back}),
                               g.net_.DataMeter(g.spec())},
                g.config_) {
    }
    Pipe access_out;
    Pipe access_back;
    AckTap tap;
    ShortFlowSource flows;
  };

  ShortFlowConfig config_;
  int64_t paths_ = 1;
  std::vector<std::unique_ptr<Path>> paths_list_;
};

// HTTP-like sessions, each on its own access path (server side):
//   server -> gate -> access pipe (d) -> bottleneck(s) -> client
//   client -> way(s) back -> access pipe (d) -> server (requests; ACKs after the watch)
// set_rate sets mean_think_s for every session.
class HttpGroup final : public CountedGroup {
 public:
  HttpGroup(Network& net, int index, int16_t cls, const HttpConfig& config)
      : CountedGroup(net, index, cls), config_(config) {}

  void SetRate(double mean_think_s) override {
    config_.mean_think_s = mean_think_s;
    for (const auto& m : members()) static_cast<Session&>(*m).session.ThinkChanged();
  }

  void AddCounters(ClassCounters& c) const override { c.delivered_bytes += delivered_bytes_; }

  int64_t sent_packets() const override {
    int64_t n = 0;
    for (const auto& m : members()) n += static_cast<const Session&>(*m).session.stats().segments_entered;
    return n;
  }

  void TakeCompletions(std::vector<FlowCompletionRecord>& out) override {
    for (const auto& m : members()) {
      auto& pages = static_cast<Session&>(*m).session.pages();
      for (const PageCompletion& p : pages) {
        out.push_back(FlowCompletionRecord{traffic_class(), p.requested, p.completed, true});
      }
      pages.clear();
    }
  }

 private:
  struct Session final : Member {
    Session(HttpGroup& g, int64_t k, Time access_delay)
        : Member(g, k),
          access_out(g.net_.loop, g.net_.scenario.access_mbps * 1e6, access_delay),
          access_back(g.net_.loop, g.net_.scenario.access_mbps * 1e6, access_delay,
                      Pipe::Feeding::kSingleFeeder),
          session(g.net_.loop, g.net_.pool,
                  SourceIdentity{g.OpenLoopFlowBase() + static_cast<int32_t>(k), g.traffic_class(),
                                 nullptr, g.net_.scenario.seed, g.StreamIndex(k)},
                  HttpPaths{Hops({&access_out}, g.net_.DataHops(g.spec()), {}),
                            Hops({}, g.net_.ReturnHops(g.spec()), {&access_back}),
                            g.net_.DataMeter(g.spec())},
                  &g.config_) {
      session.AccumulateInto(&g.delivered_bytes_);
    }
    void Start() override { session.Start(); }
    void Stop() override { session.Stop(); }
    bool running() const override { return session.running(); }
    Pipe access_out;
    Pipe access_back;
    HttpSession session;
  };

  std::unique_ptr<Member> MakeMember(int64_t k) override {
    return std::make_unique<Session>(*this, k, AccessDelay(MemberRttMs(k)));
  }

  HttpConfig config_;  // shared by the sessions
  Bytes delivered_bytes_ = 0;  // by every session's sink, since the start
};

template <class Source, class Config>
Result<std::unique_ptr<TrafficGroup>> MakeOpenLoop(Network& net, int index, int16_t cls,
                                                   const Config& config, Status valid,
                                                   RateSetter<Source, Config> rate) {
  if (!valid.ok()) return Error{"groups[" + std::to_string(index) + "]." + valid.error};
  return std::unique_ptr<TrafficGroup>(
      std::make_unique<OpenLoopGroup<Source, Config>>(net, index, cls, config, rate));
}

}  // namespace

std::vector<size_t> Network::PathHops(PathKind path) const {
  if (hops_.size() < 2) return {0};
  switch (path) {
    case PathKind::kThrough: return {0, 1};
    case PathKind::kHop1: return {0};
    case PathKind::kHop2: return {1};
  }
  return {0};
}

void Network::AddHop(const Hop& h) {
  hops_.push_back(h);
  for (int dir = 0; dir < 2; ++dir) {
    for (int p = 0; p < 3; ++p) {
      const std::vector<size_t> path = PathHops(static_cast<PathKind>(p));
      // Forward data crosses the forward queues in order; its ACKs the ways
      // back in reverse order. Reverse traffic swaps the two.
      std::vector<PacketReceiver*> forward, back;
      for (size_t i : path) forward.push_back(hops_[i].forward);
      for (auto it = path.rbegin(); it != path.rend(); ++it) back.push_back(hops_[*it].back);
      data_[dir][p] = dir == 0 ? forward : back;
      return_[dir][p] = dir == 0 ? back : forward;
    }
  }
}

const std::vector<PacketReceiver*>& Network::DataHops(const GroupSpec& g) const {
  return data_[g.reverse() ? 1 : 0][static_cast<size_t>(g.path)];
}

const std::vector<PacketReceiver*>& Network::ReturnHops(const GroupSpec& g) const {
  return return_[g.reverse() ? 1 : 0][static_cast<size_t>(g.path)];
}

int8_t Network::DataMeter(const GroupSpec& g) const {
  // Forward data first queues at its first hop, reverse data at its last.
  const bool two = hops_.size() > 1;
  const int first = two && g.path == PathKind::kHop2 ? 1 : 0;
  const int last = two && g.path != PathKind::kHop1 ? 1 : 0;
  return static_cast<int8_t>(g.reverse() ? kBackMeter + last : first);
}

TrafficGroup::TrafficGroup(Network& net, int index, int16_t traffic_class)
    : net_(net), index_(index), class_(traffic_class) {}

void TrafficGroup::TurnOn() {
  if (on_) return;
  on_ = true;
  OnTurnOn();
}

void TrafficGroup::TurnOff() {
  if (!on_) return;
  on_ = false;
  OnTurnOff();
}

double TrafficGroup::MemberRttMs(int64_t k) const {
  const GroupSpec& g = spec();
  double unit;
  if (g.spread == RttSpread::kEven) {
    // A low-discrepancy sequence: evenly spread for any count, and adding a
    // member never moves the others.
    unit = std::fmod(static_cast<double>(k) * kGoldenFraction, 1.0);
  } else {
    RandomStream rng(net_.scenario.seed, StreamPurpose::kFlowRtt, MemberKey(index_, k));
    unit = rng.Uniform();
  }
  return g.rtt_min_ms + (g.rtt_max_ms - g.rtt_min_ms) * unit;
}

Time TrafficGroup::AccessDelay(double rtt_ms) const {
  // The scenario's bottleneck delays, not the current ones: set_delay moves
  // every round trip over that hop by twice its change.
  return Time::Millis(rtt_ms / 2 - PathDelayMs(net_.scenario, spec().path));
}

Bytes TrafficGroup::PacketBytes(const std::optional<int64_t>& bytes) const {
  return bytes ? *bytes : net_.scenario.packet_bytes;
}

uint64_t TrafficGroup::StreamIndex(int64_t k) const { return MemberKey(index_, k); }

int32_t TrafficGroup::OpenLoopFlowBase() const { return kOpenLoopFlowBase + index_ * kFlowIdsPerGroup; }

Result<std::unique_ptr<TrafficGroup>> MakeTrafficGroup(Network& net, int index, int16_t cls) {
  const GroupSpec& g = net.scenario.groups[index];
  const Bytes default_bytes = net.scenario.packet_bytes;
  auto bytes = [default_bytes](const std::optional<int64_t>& b) { return b ? *b : default_bytes; };
  switch (g.kind()) {
    case GroupKind::kTcp:
      return std::unique_ptr<TrafficGroup>(
          std::make_unique<TcpGroup>(net, index, cls, std::get<TcpTraffic>(g.traffic)));
    case GroupKind::kShortTcp: {
      auto group = std::make_unique<ShortTcpGroup>(net, index, cls, std::get<ShortTcpTraffic>(g.traffic));
      if (Status s = group->Build(); !s.ok()) return Error{"groups[" + std::to_string(index) + "]." + s.error};
      return std::unique_ptr<TrafficGroup>(std::move(group));
    }
    case GroupKind::kUdpCbr: {
      const auto& t = std::get<CbrTraffic>(g.traffic);
      CbrConfig c;
      c.packet_bytes = bytes(t.packet_bytes);
      c.pacing = t.rate_mbps ? CbrPacing::kRate : CbrPacing::kInterval;
      if (t.rate_mbps) c.rate_bps = *t.rate_mbps * 1e6;
      if (t.interval_ms) c.interval = Time::Millis(*t.interval_ms);
      c.random_phase = t.random_phase;
      return MakeOpenLoop<CbrSource>(
          net, index, cls, c, ValidateCbrConfig(c),
          RateSetter<CbrSource, CbrConfig>{
              [](CbrConfig& cfg, double mbps) {
                cfg.pacing = CbrPacing::kRate;
                cfg.rate_bps = mbps * 1e6;
              },
              [](CbrSource& s, const CbrConfig& cfg) { s.SetRate(cfg.rate_bps); }});
    }
    case GroupKind::kOnOff: {
      const auto& t = std::get<OnOffTraffic>(g.traffic);
      OnOffConfig c;
      c.law = t.pareto ? PeriodLaw::kPareto : PeriodLaw::kExponential;
      c.mean_on = Time::Seconds(t.mean_on_s);
      c.mean_off = Time::Seconds(t.mean_off_s);
      c.pareto_shape = t.shape;
      c.peak_bps = t.peak_mbps * 1e6;
      c.packet_bytes = bytes(t.packet_bytes);
      return MakeOpenLoop<OnOffSource>(
          net, index, cls, c, ValidateOnOffConfig(c),
          RateSetter<OnOffSource, OnOffConfig>{
              [](OnOffConfig& cfg, double mbps) { cfg.peak_bps = mbps * 1e6; },
              [](OnOffSource& s, const OnOffConfig& cfg) { s.SetPeakRate(cfg.peak_bps); }});
    }
    case GroupKind::kPoisson: {
      const auto& t = std::get<PoissonTraffic>(g.traffic);
      PoissonConfig c;
      c.rate_pps = t.rate_pps;
      c.size = MakeSizeLaw(t.exponential_sizes, bytes(t.packet_bytes));
      return MakeOpenLoop<PoissonSource>(
          net, index, cls, c, ValidatePoissonConfig(c),
          RateSetter<PoissonSource, PoissonConfig>{
              [](PoissonConfig& cfg, double pps) { cfg.rate_pps = pps; },
              [](PoissonSource& s, const PoissonConfig& cfg) { s.SetRate(cfg.rate_pps); }});
    }
    case GroupKind::kMmpp: {
      const auto& t = std::get<MmppTraffic>(g.traffic);
      for (size_t k = 0; k < t.sources.size(); ++k) {
        Mmpp2Config c;
        c.lambda1 = t.sources[k].lambda1;
        c.lambda2 = t.sources[k].lambda2;
        c.r12 = t.sources[k].r12;
        c.r21 = t.sources[k].r21;
        c.size = MakeSizeLaw(t.exponential_sizes, bytes(t.packet_bytes));
        if (Status s = ValidateMmpp2Config(c); !s.ok()) {
          return Error{"groups[" + std::to_string(index) + "].sources[" + std::to_string(k) + "]." + s.error};
        }
      }
      return std::unique_ptr<TrafficGroup>(std::make_unique<MmppGroup>(net, index, cls, t));
    }
    case GroupKind::kHttp: {
      using Law = HttpTraffic::PageLaw;
      const auto& t = std::get<HttpTraffic>(g.traffic);
      HttpConfig c;
      c.mean_page_bytes = t.mean_page_bytes;
      c.law = t.law == Law::kExponential ? HttpConfig::PageLaw::kExponential
              : t.law == Law::kPareto    ? HttpConfig::PageLaw::kPareto
                                         : HttpConfig::PageLaw::kFixed;
      c.pareto_shape = t.shape;
      c.mean_think_s = t.mean_think_s;
      c.tcp = MakeTcpConfig(t.tcp, bytes(t.tcp.packet_bytes));
      if (Status s = ValidateHttpConfig(c); !s.ok()) return Error{"groups[" + std::to_string(index) + "]." + s.error};
      return std::unique_ptr<TrafficGroup>(std::make_unique<HttpGroup>(net, index, cls, c));
    }
    case GroupKind::kVideo: {
      const auto& t = std::get<VideoTraffic>(g.traffic);
      VideoConfig c;
      c.frame_rate = t.frame_rate;
      c.mean_frame_bytes = t.mean_frame_bytes;
      c.gop = t.gop;
      c.i_ratio = t.i_ratio;
      c.p_ratio = t.p_ratio;
      c.b_ratio = t.b_ratio;
      c.size_cv = t.size_cv;
      c.packet_bytes = bytes(t.packet_bytes);
      c.random_phase = t.random_phase;
      return MakeOpenLoop<VideoSource>(
          net, index, cls, c, ValidateVideoConfig(c),
          RateSetter<VideoSource, VideoConfig>{
              [](VideoConfig& cfg, double mbps) {
                // The mean bit rate, in whole bytes per frame.
                const auto frame = static_cast<Bytes>(mbps * 1e6 / (8.0 * cfg.frame_rate) + 0.5);
                cfg.mean_frame_bytes = frame < 1 ? 1 : frame;
              },
              [](VideoSource& s, const VideoConfig& cfg) { s.SetMeanFrameBytes(cfg.mean_frame_bytes); }});
    }
  }
  return Error{"groups[" + std::to_string(index) + "].kind: unknown"};
}

}  // namespace aqmlab
