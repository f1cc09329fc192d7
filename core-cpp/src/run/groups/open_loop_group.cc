#include "run/groups/group_kinds.h"

#include "run/group_taps.h"
#include "run/groups/counted_group.h"
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

// Builds group `index` of open-loop `Source`s: `configure` maps the group's
// traffic fields (and its packet size, defaulted from the scenario) to the
// sources' config, which must pass `validate`.
template <class Source, class Traffic, class Config>
GroupResult MakeOpenLoop(Network& net, int index, int16_t cls, Config (*configure)(const Traffic&, Bytes),
                         Status (*validate)(const Config&), RateSetter<Source, Config> rate) {
  const auto& t = std::get<Traffic>(net.scenario.groups[index].traffic);
  const Config config = configure(t, PacketBytesOf(net.scenario, t.packet_bytes));
  if (Status valid = validate(config); !valid.ok()) {
    return Error{"groups[" + std::to_string(index) + "]." + valid.error};
  }
  return std::unique_ptr<TrafficGroup>(
      std::make_unique<OpenLoopGroup<Source, Config>>(net, index, cls, config, rate));
}

}  // namespace

GroupResult MakeCbrGroup(Network& net, int index, int16_t cls) {
  return MakeOpenLoop<CbrSource, CbrTraffic, CbrConfig>(
      net, index, cls,
      [](const CbrTraffic& t, Bytes packet_bytes) {
        return CbrConfig{.packet_bytes = packet_bytes,
                         .pacing = t.rate_mbps ? CbrPacing::kRate : CbrPacing::kInterval,
                         .interval = t.interval_ms ? Time::Millis(*t.interval_ms) : CbrConfig{}.interval,
                         .rate_bps = t.rate_mbps ? *t.rate_mbps * 1e6 : CbrConfig{}.rate_bps,
                         .random_phase = t.random_phase,
                         .codepoint = t.codepoint};
      },
      ValidateCbrConfig,
      {[](CbrConfig& cfg, double mbps) {
         cfg.pacing = CbrPacing::kRate;
         cfg.rate_bps = mbps * 1e6;
       },
       [](CbrSource& s, const CbrConfig& cfg) { s.SetRate(cfg.rate_bps); }});
}

GroupResult MakeOnOffGroup(Network& net, int index, int16_t cls) {
  return MakeOpenLoop<OnOffSource, OnOffTraffic, OnOffConfig>(
      net, index, cls,
      [](const OnOffTraffic& t, Bytes packet_bytes) {
        return OnOffConfig{.law = t.pareto ? PeriodLaw::kPareto : PeriodLaw::kExponential,
                           .mean_on = Time::Seconds(t.mean_on_s),
                           .mean_off = Time::Seconds(t.mean_off_s),
                           .pareto_shape = t.shape,
                           .peak_bps = t.peak_mbps * 1e6,
                           .packet_bytes = packet_bytes};
      },
      ValidateOnOffConfig,
      {[](OnOffConfig& cfg, double mbps) { cfg.peak_bps = mbps * 1e6; },
       [](OnOffSource& s, const OnOffConfig& cfg) { s.SetPeakRate(cfg.peak_bps); }});
}

GroupResult MakePoissonGroup(Network& net, int index, int16_t cls) {
  return MakeOpenLoop<PoissonSource, PoissonTraffic, PoissonConfig>(
      net, index, cls,
      [](const PoissonTraffic& t, Bytes packet_bytes) {
        return PoissonConfig{.rate_pps = t.rate_pps, .size = MakeSizeLaw(t.exponential_sizes, packet_bytes)};
      },
      ValidatePoissonConfig,
      {[](PoissonConfig& cfg, double pps) { cfg.rate_pps = pps; },
       [](PoissonSource& s, const PoissonConfig& cfg) { s.SetRate(cfg.rate_pps); }});
}

GroupResult MakeVideoGroup(Network& net, int index, int16_t cls) {
  return MakeOpenLoop<VideoSource, VideoTraffic, VideoConfig>(
      net, index, cls,
      [](const VideoTraffic& t, Bytes packet_bytes) {
        return VideoConfig{.frame_rate = t.frame_rate,
                           .mean_frame_bytes = t.mean_frame_bytes,
                           .gop = t.gop,
                           .i_ratio = t.i_ratio,
                           .p_ratio = t.p_ratio,
                           .b_ratio = t.b_ratio,
                           .size_cv = t.size_cv,
                           .packet_bytes = packet_bytes,
                           .random_phase = t.random_phase};
      },
      ValidateVideoConfig,
      {[](VideoConfig& cfg, double mbps) {
         // The mean bit rate, in whole bytes per frame.
         const auto frame = static_cast<Bytes>(mbps * 1e6 / (8.0 * cfg.frame_rate) + 0.5);
         cfg.mean_frame_bytes = frame < 1 ? 1 : frame;
       },
       [](VideoSource& s, const VideoConfig& cfg) { s.SetMeanFrameBytes(cfg.mean_frame_bytes); }});
}

}  // namespace aqmlab
