#include "run/groups/group_kinds.h"

#include "run/groups/counted_group.h"

namespace aqmlab {

namespace {

// Long-lived TCP (the data hops and the way back follow the group's path
// and direction, see Network):
//   source -> access pipe (d) -> bottleneck(s) -> sink
//   sink -> way(s) back -> access pipe (d) -> source
class TcpGroup final : public CountedGroup {
 public:
  TcpGroup(Network& net, int index, int16_t cls, const TcpTraffic& t)
      : CountedGroup(net, index, cls),
        config_(MakeTcpConfig(t.tcp, PacketBytes(t.tcp.packet_bytes), net.scenario.seed)) {}

  int64_t active_tcp_flows() const override { return on() ? count() : 0; }

  int64_t sent_packets() const override {
    int64_t n = 0;
    for (const auto& m : members()) n += static_cast<const Flow&>(*m).source.stats().segments_sent;
    return n;
  }

 private:
  struct Flow final : Member {
    Flow(TcpGroup& g, int64_t k, Time access_delay, int32_t id)
        : Member(g, k),
          access_out(g.net_.AccessPipe(access_delay)),
          // Only the last way back feeds it.
          access_back(g.net_.AccessPipe(access_delay, Pipe::Feeding::kSingleFeeder)),
          source(g.net_.loop, g.net_.pool, id, g.traffic_class(), g.config_, &forward),
          sink(g.net_.loop, g.net_.pool, g.config_, &backward) {
      sink.AccumulateInto(&g.class_totals().delivered_bytes);
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
    const double rtt_ms = MemberRttMs(k);
    const int32_t id = net_.next_tcp_flow++;
    auto flow = std::make_unique<Flow>(*this, k, AccessDelay(rtt_ms), id);
    const int slot = net_.tcp_slot[static_cast<size_t>(index())];
    net_.tcp_flow_group.push_back(static_cast<int16_t>(slot));
    net_.tcp_flow_base_rtt.push_back(Time::Millis(rtt_ms));
    net_.tcp_group_flows[static_cast<size_t>(slot)].push_back(id);
    net_.tcp_sources.push_back(&flow->source);
    net_.tcp_sinks.push_back(&flow->sink);
    net_.tcp_reverse.push_back(spec().reverse());
    return flow;
  }

  TcpConfig config_;
};

}  // namespace

GroupResult MakeTcpGroup(Network& net, int index, int16_t cls) {
  const GroupSpec& g = net.scenario.groups[index];
  return std::unique_ptr<TrafficGroup>(
      std::make_unique<TcpGroup>(net, index, cls, std::get<TcpTraffic>(g.traffic)));
}

}  // namespace aqmlab
