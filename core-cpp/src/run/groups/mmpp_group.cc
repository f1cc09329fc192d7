#include "run/groups/group_kinds.h"

#include "run/group_taps.h"
#include "run/groups/group_build.h"
#include "traffic/mmpp_source.h"

namespace aqmlab {

namespace {

// MMPP-2 sources (all of the group's list), each on its own access pipe;
// set_rate scales every source's lambda1 and lambda2 so the group's mean
// rate becomes the given packets per second.
class MmppGroup final : public TrafficGroup {
 public:
  MmppGroup(Network& net, int index, int16_t cls, const MmppTraffic& t)
      : TrafficGroup(net, index, cls), end_(net.pool, OpenLoopFlowBase(), class_totals()) {
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
        : access(g.net_.AccessPipe(g.AccessDelay(g.MemberRttMs(k)))),
          source(g.net_.loop, g.net_.pool,
                 SourceIdentity{g.OpenLoopFlowBase() + static_cast<int32_t>(k), g.traffic_class(),
                                &route, g.net_.scenario.seed, g.StreamIndex(k)},
                 c) {
      route.hops = Hops({&access}, g.net_.DataHops(g.spec()), {&g.end_.tap});
      route.meter = g.net_.DataMeter(g.spec());
    }
    Pipe access;
    Route route;
    Mmpp2Source source;
  };

  std::vector<Mmpp2Config> base_;  // as the scenario gives them
  double base_rate_pps_ = 0;
  OpenLoopEnd end_;
  std::vector<std::unique_ptr<SourceSlot>> sources_;
};

}  // namespace

GroupResult MakeMmppGroup(Network& net, int index, int16_t cls) {
  const GroupSpec& g = net.scenario.groups[index];
  const auto& t = std::get<MmppTraffic>(g.traffic);
  for (size_t k = 0; k < t.sources.size(); ++k) {
    Mmpp2Config c;
    c.lambda1 = t.sources[k].lambda1;
    c.lambda2 = t.sources[k].lambda2;
    c.r12 = t.sources[k].r12;
    c.r21 = t.sources[k].r21;
    c.size = MakeSizeLaw(t.exponential_sizes, PacketBytesOf(net.scenario, t.packet_bytes));
    if (Status s = ValidateMmpp2Config(c); !s.ok()) {
      return Error{"groups[" + std::to_string(index) + "].sources[" + std::to_string(k) + "]." + s.error};
    }
  }
  return std::unique_ptr<TrafficGroup>(std::make_unique<MmppGroup>(net, index, cls, t));
}

}  // namespace aqmlab
