#include "scenario/groups/group_kinds.h"

#include "scenario/group_taps.h"
#include "scenario/groups/counted_group.h"
#include "traffic/cbr_source.h"
#include "traffic/on_off_source.h"
#include "traffic/poisson_source.h"
#include "traffic/video_source.h"

namespace aqmlab {

namespace {

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
      : CountedGroup(net, index, cls), config_(config), rate_(rate), end_(net.pool, OpenLoopFlowBase(), class_totals()) {}

  void SetRate(double rate) override {
    rate_.update(config_, rate);
    for (const auto& m : members()) rate_.apply(static_cast<SourceMember&>(*m).source, config_);
  }

  int64_t sent_packets() const override {
    int64_t n = 0;
    for (const auto& m : members()) n += static_cast<const SourceMember&>(*m).source.stats().packets_sent;
    return n;
  }

 private:
  struct SourceMember final : Member {
    SourceMember(OpenLoopGroup& g, int64_t k, Time access_delay)
        : Member(g, k), access(g.net_.AccessPipe(access_delay)),
          source(g.net_.loop, g.net_.pool,
                 SourceIdentity{g.OpenLoopFlowBase() + static_cast<int32_t>(k), g.traffic_class(),
                                &route, g.net_.scenario.seed, g.StreamIndex(k)},
                 g.config_) {
      route.hops = Hops({&access}, g.net_.DataHops(g.spec()), {&g.end_.tap});
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
  OpenLoopEnd end_;
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

GroupResult MakeCbrGroup(Network& net, int index, int16_t cls) {
  const GroupSpec& g = net.scenario.groups[index];
  const auto& t = std::get<CbrTraffic>(g.traffic);
  CbrConfig c;
  c.packet_bytes = PacketBytesOf(net.scenario, t.packet_bytes);
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

GroupResult MakeOnOffGroup(Network& net, int index, int16_t cls) {
  const GroupSpec& g = net.scenario.groups[index];
  const auto& t = std::get<OnOffTraffic>(g.traffic);
  OnOffConfig c;
  c.law = t.pareto ? PeriodLaw::kPareto : PeriodLaw::kExponential;
  c.mean_on = Time::Seconds(t.mean_on_s);
  c.mean_off = Time::Seconds(t.mean_off_s);
  c.pareto_shape = t.shape;
  c.peak_bps = t.peak_mbps * 1e6;
  c.packet_bytes = PacketBytesOf(net.scenario, t.packet_bytes);
  return MakeOpenLoop<OnOffSource>(
      net, index, cls, c, ValidateOnOffConfig(c),
      RateSetter<OnOffSource, OnOffConfig>{
          [](OnOffConfig& cfg, double mbps) { cfg.peak_bps = mbps * 1e6; },
          [](OnOffSource& s, const OnOffConfig& cfg) { s.SetPeakRate(cfg.peak_bps); }});
}

GroupResult MakePoissonGroup(Network& net, int index, int16_t cls) {
  const GroupSpec& g = net.scenario.groups[index];
  const auto& t = std::get<PoissonTraffic>(g.traffic);
  PoissonConfig c;
  c.rate_pps = t.rate_pps;
  c.size = MakeSizeLaw(t.exponential_sizes, PacketBytesOf(net.scenario, t.packet_bytes));
  return MakeOpenLoop<PoissonSource>(
      net, index, cls, c, ValidatePoissonConfig(c),
      RateSetter<PoissonSource, PoissonConfig>{
          [](PoissonConfig& cfg, double pps) { cfg.rate_pps = pps; },
          [](PoissonSource& s, const PoissonConfig& cfg) { s.SetRate(cfg.rate_pps); }});
}

GroupResult MakeVideoGroup(Network& net, int index, int16_t cls) {
  const GroupSpec& g = net.scenario.groups[index];
  const auto& t = std::get<VideoTraffic>(g.traffic);
  VideoConfig c;
  c.frame_rate = t.frame_rate;
  c.mean_frame_bytes = t.mean_frame_bytes;
  c.gop = t.gop;
  c.i_ratio = t.i_ratio;
  c.p_ratio = t.p_ratio;
  c.b_ratio = t.b_ratio;
  c.size_cv = t.size_cv;
  c.packet_bytes = PacketBytesOf(net.scenario, t.packet_bytes);
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

}  // namespace aqmlab
