#include "scenario/simulation.h"

#include <cmath>
#include <cstdio>

#include "aqm/registry.h"
#include "scenario/json_reader.h"

namespace aqmlab {

namespace {
constexpr double kGoldenFraction = 0.6180339887498949;  // (sqrt(5) - 1) / 2
constexpr uint32_t kTimelineTagBase = 0;
}  // namespace

Simulation::Flow::Flow(Simulation& sim, int group_index, int64_t index, double rtt_ms)
    : group(group_index),
      access_out(sim.loop_, sim.scenario_.access_mbps * 1e6,
                 Time::Millis(rtt_ms / 2 - sim.scenario_.delay_ms)),
      access_back(sim.loop_, sim.scenario_.access_mbps * 1e6,
                  Time::Millis(rtt_ms / 2 - sim.scenario_.delay_ms)) {
  const TcpGroup& g = sim.scenario_.groups[group_index];
  TcpConfig config;
  config.segment_bytes = sim.scenario_.packet_bytes;
  config.ecn = g.ecn;
  config.newreno = g.newreno;
  const auto id = static_cast<int32_t>(sim.flows_.size());
  source = std::make_unique<TcpSource>(sim.loop_, sim.pool_, id, static_cast<int16_t>(group_index),
                                       config, &forward);
  sink = std::make_unique<TcpSink>(sim.loop_, sim.pool_, config, &backward);
  access_back.set_single_feeder(true);  // only the shared reverse pipe feeds it
  forward.hops = {&access_out, sim.bottleneck_.get(), sink.get()};
  backward.hops = {sim.reverse_.get(), &access_back, source.get()};
  (void)index;
}

Simulation::Simulation(const Scenario& scenario, int side)
    : scenario_(scenario), side_(side), end_(Time::Seconds(scenario.duration_s)) {}

Result<std::unique_ptr<Simulation>> Simulation::Create(const Scenario& scenario, int side) {
  if (side < 0 || side >= static_cast<int>(scenario.sides.size())) {
    return Error{"side: must be in [0, " + std::to_string(scenario.sides.size() - 1) + "]"};
  }
  std::unique_ptr<Simulation> sim(new Simulation(scenario, side));
  if (Status s = sim->Build(); !s.ok()) return Error{s.error};
  return sim;
}

Status Simulation::Build() {
  const SideSpec& side = scenario_.sides[side_];
  const AqmEntry* entry = FindAqm(side.aqm);
  if (!entry) return {"sides[" + std::to_string(side_) + "].aqm: unknown discipline"};
  QueueDiscEnv env;
  env.link.capacity_bps = scenario_.capacity_mbps * 1e6;
  env.link.typical_packet = scenario_.packet_bytes;
  env.link.buffer_packets = scenario_.buffer_pkts;
  env.link.ecn = scenario_.ecn;
  env.loop = &loop_;
  env.pool = &pool_;
  env.seed = scenario_.seed;
  auto disc = entry->create(env, side.params);
  if (!disc.ok()) return {"sides[" + std::to_string(side_) + "].params." + disc.error()};
  const Time delay = Time::Millis(scenario_.delay_ms);
  bottleneck_ = std::make_unique<QueueLink>(loop_, env.link.capacity_bps, delay,
                                            std::move(disc.value()));
  reverse_ = std::make_unique<Pipe>(loop_, env.link.capacity_bps, delay);
  groups_.resize(scenario_.groups.size());
  active_.assign(scenario_.groups.size(), 0);
  for (size_t g = 0; g < scenario_.groups.size(); ++g) {
    SetFlows(static_cast<int>(g), scenario_.groups[g].count, true);
  }
  for (size_t i = 0; i < scenario_.events.size(); ++i) {
    loop_.Schedule(Time::Seconds(scenario_.events[i].at_s), this,
                   kTimelineTagBase + static_cast<uint32_t>(i));
  }
  recorder_ = std::make_unique<MetricRecorder>(loop_, *bottleneck_, MakeProbe(),
                                               Time::Millis(scenario_.sample_interval_ms),
                                               Time::Seconds(scenario_.warmup_s));
  return {};
}

TrafficProbe Simulation::MakeProbe() {
  TrafficProbe probe;
  probe.delivered_bytes = [this] {
    int64_t sum = 0;
    for (const auto& f : flows_) sum += f->sink->stats().delivered_bytes;
    return sum;
  };
  probe.per_flow = [this] {
    std::vector<std::pair<double, bool>> out;
    out.reserve(flows_.size());
    for (const auto& f : flows_) {
      out.emplace_back(static_cast<double>(f->sink->stats().delivered_bytes), f->source->running());
    }
    return out;
  };
  probe.active_flows = [this] { return active_flows(); };
  return probe;
}

int64_t Simulation::active_flows() const {
  int64_t n = 0;
  for (int64_t a : active_) n += a;
  return n;
}

double Simulation::FlowRttMs(int group, int64_t index) const {
  const TcpGroup& g = scenario_.groups[group];
  double unit;
  if (g.spread == RttSpread::kEven) {
    // A low-discrepancy sequence: evenly spread for any count, and adding a
    // flow never moves the others.
    unit = std::fmod(static_cast<double>(index) * kGoldenFraction, 1.0);
  } else {
    RandomStream rng(scenario_.seed, StreamPurpose::kFlowRtt,
                     (static_cast<uint64_t>(group) << 32) | static_cast<uint64_t>(index));
    unit = rng.Uniform();
  }
  return g.rtt_min_ms + (g.rtt_max_ms - g.rtt_min_ms) * unit;
}

Time Simulation::FlowStartTime(int group, int64_t index, int64_t count) const {
  const TcpGroup& g = scenario_.groups[group];
  switch (g.start) {
    case StartPattern::kTogether:
      return Time();
    case StartPattern::kStaggered:
      return Time::Seconds(g.start_window_s * static_cast<double>(index) /
                           static_cast<double>(count));
    case StartPattern::kRandom: {
      RandomStream rng(scenario_.seed, StreamPurpose::kFlowStart,
                       (static_cast<uint64_t>(group) << 32) | static_cast<uint64_t>(index));
      return Time::Seconds(rng.Uniform(0, g.start_window_s));
    }
  }
  return Time();
}

void Simulation::SetFlows(int group, int64_t count, bool at_start) {
  auto& members = groups_[group];
  int64_t& active = active_[group];
  while (static_cast<int64_t>(members.size()) < count) {
    const auto index = static_cast<int64_t>(members.size());
    flows_.push_back(std::make_unique<Flow>(*this, group, index, FlowRttMs(group, index)));
    members.push_back(flows_.back().get());
  }
  for (int64_t k = active; k < count; ++k) {
    if (at_start) {
      loop_.Schedule(FlowStartTime(group, k, count), members[k]);
    } else {
      members[k]->source->Start();
    }
  }
  for (int64_t k = count; k < active; ++k) members[k]->source->Stop();
  active = count;
}

Status Simulation::Apply(const TimelineEvent& e) {
  switch (e.kind) {
    case EventKind::kSetFlows: {
      if (e.group < 0 || e.group >= static_cast<int64_t>(groups_.size())) {
        return {"event.group: must be in [0, " + std::to_string(groups_.size() - 1) + "]"};
      }
      int64_t others = active_flows() - active_[e.group];
      if (e.count < 0 || e.count > kMaxFlowsPerGroup || others + e.count > kMaxTotalFlows) {
        return {"event.count: must be in [0, " + std::to_string(kMaxFlowsPerGroup) + "]"};
      }
      SetFlows(static_cast<int>(e.group), e.count, false);
      return {};
    }
    case EventKind::kSetParam: {
      if (e.side >= 0 && e.side != side_) return {};
      QueueDisc& disc = bottleneck_->disc();
      const bool has = !std::isnan(disc.GetParam(e.name));
      if (!has && e.side < 0) return {};  // meant for another discipline
      Status s = disc.SetParam(e.name, e.value);
      if (!s.ok()) return {"event." + s.error};
      return {};
    }
    case EventKind::kSetCapacity:
      if (!(e.mbps >= 0.01 && e.mbps <= 100000)) return {"event.mbps: must be in [0.01, 100000]"};
      bottleneck_->SetRate(e.mbps * 1e6);
      return {};
  }
  return {"event.kind: unknown"};
}

void Simulation::OnEvent(uint32_t tag) {
  // A scenario file's events were range-checked on load; one that the
  // discipline still refuses (e.g. min_th above max_th) leaves it unchanged.
  (void)Apply(scenario_.events[tag - kTimelineTagBase]);
}

void Simulation::AdvanceTo(Time t) { loop_.RunUntil(t < end_ ? t : end_); }

std::string SummaryToJson(const Summary& s, const std::string& side_name, const std::string& aqm) {
  nlohmann::ordered_json j;
  j["side"] = side_name;
  j["aqm"] = aqm;
  j["measured_s"] = s.measured_s;
  j["mean_queue_pkts"] = s.mean_queue_pkts;
  j["p95_queue_pkts"] = s.p95_queue_pkts;
  j["queue_sd_pkts"] = s.queue_sd_pkts;
  j["queue_mad_pkts"] = s.queue_mad_pkts;
  j["mean_delay_ms"] = s.mean_delay_ms;
  j["p50_delay_ms"] = s.p50_delay_ms;
  j["p95_delay_ms"] = s.p95_delay_ms;
  j["p99_delay_ms"] = s.p99_delay_ms;
  j["delay_sd_ms"] = s.delay_sd_ms;
  j["jitter_ms"] = s.jitter_ms;
  j["utilisation"] = s.utilisation;
  j["throughput_mbps"] = s.throughput_mbps;
  j["goodput_mbps"] = s.goodput_mbps;
  j["loss_ratio"] = s.loss_ratio;
  j["mark_ratio"] = s.mark_ratio;
  j["fairness"] = s.fairness;
  j["arrivals"] = s.arrivals;
  j["departures"] = s.departures;
  j["drops_overflow"] = s.drops_overflow;
  j["drops_forced"] = s.drops_forced;
  j["drops_early"] = s.drops_early;
  j["marks"] = s.marks;
  j["events"] = s.events;
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(s.series_hash));
  j["series_hash"] = hash;
  return j.dump();
}

}  // namespace aqmlab
