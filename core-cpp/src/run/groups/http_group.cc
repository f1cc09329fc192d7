#include "run/groups/group_kinds.h"

#include "run/groups/counted_group.h"
#include "traffic/http_session.h"

namespace aqmlab {

namespace {

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
          access_out(g.net_.AccessPipe(access_delay)),
          access_back(g.net_.AccessPipe(access_delay, Pipe::Feeding::kSingleFeeder)),
          session(g.net_.loop, g.net_.pool,
                  SourceIdentity{g.OpenLoopFlowBase() + static_cast<int32_t>(k), g.traffic_class(),
                                 nullptr, g.net_.scenario.seed, g.StreamIndex(k)},
                  HttpPaths{Hops({&access_out}, g.net_.DataHops(g.spec()), {}),
                            Hops({}, g.net_.ReturnHops(g.spec()), {&access_back}),
                            g.net_.DataMeter(g.spec())},
                  &g.config_) {
      session.AccumulateInto(&g.class_totals().delivered_bytes);
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
};

}  // namespace

GroupResult MakeHttpGroup(Network& net, int index, int16_t cls) {
  const GroupSpec& g = net.scenario.groups[index];
  using Law = HttpTraffic::PageLaw;
  const auto& t = std::get<HttpTraffic>(g.traffic);
  HttpConfig c;
  c.mean_page_bytes = t.mean_page_bytes;
  c.law = t.law == Law::kExponential ? HttpConfig::PageLaw::kExponential
          : t.law == Law::kPareto    ? HttpConfig::PageLaw::kPareto
                                     : HttpConfig::PageLaw::kFixed;
  c.pareto_shape = t.shape;
  c.mean_think_s = t.mean_think_s;
  c.tcp = MakeTcpConfig(t.tcp, PacketBytesOf(net.scenario, t.tcp.packet_bytes), net.scenario.seed);
  if (Status s = ValidateHttpConfig(c); !s.ok()) return Error{"groups[" + std::to_string(index) + "]." + s.error};
  return std::unique_ptr<TrafficGroup>(std::make_unique<HttpGroup>(net, index, cls, c));
}

}  // namespace aqmlab
