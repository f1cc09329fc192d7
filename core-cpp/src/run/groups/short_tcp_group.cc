#include "run/groups/group_kinds.h"

#include "traffic/short_flows.h"
#include "run/group_taps.h"
#include "run/groups/group_build.h"

namespace aqmlab {

namespace {

// Short-flow slots (a TcpSource/TcpSink pair each) over a group's paths.
constexpr int32_t kShortFlowSlots = 10000;

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
    c.tcp = MakeTcpConfig(t.tcp, PacketBytes(t.tcp.packet_bytes), net.scenario.seed);
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
        : access_out(g.net_.AccessPipe(g.AccessDelay(g.MemberRttMs(p)))),
          access_back(g.net_.AccessPipe(access_out.delay(), Pipe::Feeding::kSingleFeeder)),
          tap(g.OpenLoopFlowBase() + static_cast<int32_t>(p) * g.config_.max_active, g.config_.tcp.segment_bytes,
              g.class_totals().delivered_bytes),
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

}  // namespace

GroupResult MakeShortTcpGroup(Network& net, int index, int16_t cls) {
  const GroupSpec& g = net.scenario.groups[index];
  auto group = std::make_unique<ShortTcpGroup>(net, index, cls, std::get<ShortTcpTraffic>(g.traffic));
  if (Status s = group->Build(); !s.ok()) return Error{"groups[" + std::to_string(index) + "]." + s.error};
  return std::unique_ptr<TrafficGroup>(std::move(group));
}

}  // namespace aqmlab
