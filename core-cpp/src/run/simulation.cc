#include "run/simulation.h"

#include <algorithm>
#include <cmath>

#include "aqm/registry.h"
#include "run/sender_probe.h"
#include "sim/problems.h"

namespace aqmlab {

Simulation::Simulation(const Scenario& scenario, int side)
    : scenario_(scenario), side_(side), end_(Time::Seconds(scenario.duration_s)) {
  pool_.set_limit(kMaxPacketsHeld, &loop_);
}

Result<std::unique_ptr<Simulation>> Simulation::Create(const Scenario& scenario, int side) {
  if (side < 0 || side >= static_cast<int>(scenario.sides.size())) {
    return Error{"side: must be in [0, " + std::to_string(scenario.sides.size() - 1) + "]"};
  }
  std::unique_ptr<Simulation> sim(new Simulation(scenario, side));
  if (Status s = sim->Build(); !s.ok()) return Error{s.error};
  return sim;
}

namespace {

// Queue streams: each queue draws from its own random stream, hop h's
// forward queue h - 1 and its way back kBackStream + h - 1.
constexpr uint64_t kBackStream = 2;
// The discipline a side switches to draws from a stream of its own.
constexpr uint64_t kSwitchStream = 4;

}  // namespace

Status Simulation::BuildTopology(const AqmEntry& entry) {
  for (int hop = 1; hop <= HopCount(scenario_); ++hop) {
    if (Status s = BuildHop(entry, hop); !s.ok()) return s;
  }
  return {};
}

Status Simulation::BuildHop(const AqmEntry& entry, int hop) {
  const HopFigures figures = SideHop(scenario_, scenario_.sides[side_], hop);
  const std::string at = hop == 2 ? " (at topology.hop2)" : "";
  QueueDiscEnv env;
  env.link = figures.link;
  env.loop = &loop_;
  env.pool = &pool_;
  env.seed = scenario_.seed;
  env.stream = static_cast<uint64_t>(hop - 1);
  auto disc = entry.create(env, scenario_.sides[side_].params);
  // Each of the discipline's problems names its field and where it applied.
  if (!disc.ok()) return {PrefixProblems("sides[" + std::to_string(side_) + "].params.", disc.error(), at)};
  const Time delay = Time::Millis(figures.delay_ms);
  Hop& h = hops_.emplace_back();
  h.forward = std::make_unique<QueueLink>(loop_, env.link.capacity_bps, delay, std::move(disc.value()));
  if (!network_) network_ = std::make_unique<Network>(loop_, pool_, scenario_);
  // The way back: a pipe, or with reverse traffic a drop-tail queue with
  // the hop's capacity and the bottleneck's buffer.
  PacketReceiver* back = nullptr;
  if (!HasReverseTraffic(scenario_)) {
    h.back_pipe = std::make_unique<Pipe>(loop_, env.link.capacity_bps, delay);
    back = h.back_pipe.get();
  } else {
    env.stream = kBackStream + static_cast<uint64_t>(hop - 1);
    env.link.buffer_packets = scenario_.buffer_pkts;
    env.link.ecn = false;
    auto dt = FindAqm("droptail")->create(env, {});
    h.back_queue = std::make_unique<QueueLink>(loop_, env.link.capacity_bps, delay, std::move(dt.value()));
    back = h.back_queue.get();
  }
  network_->AddHop(Network::Hop{h.forward.get(), back});
  return {};
}

Status Simulation::Build() {
  const SideSpec& side = scenario_.sides[side_];
  const AqmEntry* entry = FindAqm(side.aqm);
  if (!entry) return {"sides[" + std::to_string(side_) + "].aqm: unknown discipline"};
  if (Status s = BuildTopology(*entry); !s.ok()) return s;

  // Classes in order of first appearance of their labels.
  TrafficProbe probe = MakeProbe();
  for (size_t g = 0; g < scenario_.groups.size(); ++g) {
    const GroupSpec& spec = scenario_.groups[g];
    auto it = std::find_if(probe.classes.begin(), probe.classes.end(),
                           [&spec](const TrafficClass& c) { return c.name == spec.label; });
    const bool open_loop = !spec.tcp_based();
    const bool crosses_hop1 = !spec.reverse() && spec.path != PathKind::kHop2;
    if (it == probe.classes.end()) {
      probe.classes.push_back(TrafficClass{spec.label, open_loop, false, false, crosses_hop1});
      it = probe.classes.end() - 1;
    } else {
      it->open_loop_only = it->open_loop_only && open_loop;
      it->crosses_hop1 = it->crosses_hop1 || crosses_hop1;
    }
    it->has_short_flows = it->has_short_flows || spec.kind() == GroupKind::kShortTcp;
    it->has_pages = it->has_pages || spec.kind() == GroupKind::kHttp;
    const auto cls = static_cast<int16_t>(it - probe.classes.begin());
    auto group = MakeTrafficGroup(*network_, static_cast<int>(g), cls);
    if (!group.ok()) return {group.error()};
    groups_.push_back(std::move(group.value()));
  }
  // Only short flows and HTTP pages complete: without them the recorder
  // need not ask every sample.
  const bool completions = std::any_of(probe.classes.begin(), probe.classes.end(), [](const TrafficClass& c) {
    return c.has_short_flows || c.has_pages;
  });
  if (!completions) probe.take_completions = nullptr;
  AddSenderProbe(probe, *network_, groups_);
  // Groups that start at 0 are on from the outset; the other windows join
  // the timeline ahead of the scenario's own events at the same time.
  for (size_t g = 0; g < scenario_.groups.size(); ++g) {
    const GroupSpec& spec = scenario_.groups[g];
    TimelineEvent e;
    e.group = static_cast<int64_t>(g);
    if (spec.start_s > 0) {
      e.kind = EventKind::kGroupOn;
      timeline_.push_back(Action{Time::Seconds(spec.start_s), e});
    } else {
      groups_[g]->TurnOn();
    }
    if (spec.stop_s) {
      e.kind = EventKind::kGroupOff;
      timeline_.push_back(Action{Time::Seconds(*spec.stop_s), e});
    }
  }
  // A switch of discipline acts before the scenario's own events at its time.
  if (side.switch_to) timeline_.push_back(Action{Time::Seconds(side.switch_to->at_s), {}, true});
  for (const TimelineEvent& e : scenario_.events) timeline_.push_back(Action{Time::Seconds(e.at_s), e});
  std::stable_sort(timeline_.begin(), timeline_.end(),
                   [](const Action& a, const Action& b) { return a.at < b.at; });

  std::optional<SettlingTarget> response;
  if (scenario_.response) {
    response = SettlingTarget{scenario_.response->target_pkts, scenario_.response->from_s,
                              scenario_.response->deviation_tolerance, scenario_.response->tolerance_pkts};
  }
  std::vector<RecorderWindow> windows;
  for (const WindowSpec& w : scenario_.windows) {
    std::optional<SettlingBand> band;
    if (w.target_pkts) band = SettlingBand{*w.target_pkts, WindowTolerance(w)};
    windows.push_back(RecorderWindow{w.name, Time::Seconds(w.from_s), Time::Seconds(w.to_s), band});
  }
  // The other queues, in column order.
  std::vector<MonitoredLink> more;
  if (hops_.size() > 1) more.push_back(MonitoredLink{"hop2", hops_[1].forward.get(), 1});
  for (size_t i = 0; i < hops_.size(); ++i) {
    if (!hops_[i].back_queue) continue;
    more.push_back(MonitoredLink{i == 0 ? "reverse" : "hop2.reverse", hops_[i].back_queue.get(),
                                 static_cast<int8_t>(Network::kBackMeter + i)});
  }
  const AqmDescriptor* switched_to =
      side.switch_to ? &FindAqm(side.switch_to->aqm)->describe() : nullptr;
  recorder_ = std::make_unique<MetricRecorder>(loop_, bottleneck(), std::move(probe),
                                               Time::Millis(scenario_.sample_interval_ms),
                                               Time::Seconds(scenario_.warmup_s), response, more,
                                               switched_to, windows);
  return {};
}

TrafficProbe Simulation::MakeProbe() {
  TrafficProbe probe;
  probe.class_totals = network_->class_totals.data();
  probe.active_flows = &network_->active_tcp_flows;
  // Fairness is among the flows that cross the AQM forward: reverse flows
  // meet only drop-tail queues.
  probe.per_flow = [this, reverse = HasReverseTraffic(scenario_)] {
    std::vector<std::pair<double, bool>> out;
    out.reserve(network_->tcp_sources.size());
    for (size_t i = 0; i < network_->tcp_sources.size(); ++i) {
      if (reverse && network_->tcp_reverse[i]) continue;
      out.emplace_back(static_cast<double>(network_->tcp_sinks[i]->stats().delivered_bytes),
                       network_->tcp_sources[i]->running());
    }
    return out;
  };
  probe.class_sent = [this](std::vector<int64_t>& out) {
    std::fill(out.begin(), out.end(), 0);
    for (const auto& g : groups_) out[g->traffic_class()] += g->sent_packets();
  };
  probe.take_completions = [this](std::vector<FlowCompletionRecord>& out) {
    for (const auto& g : groups_) g->TakeCompletions(out);
  };
  return probe;
}

int64_t Simulation::active_flows() const { return network_->active_tcp_flows; }

Status Simulation::Apply(const TimelineEvent& e) {
  if (e.kind == EventKind::kSetParam) {
    if (e.side >= 0 && e.side != side_) return {};
    const double old = bottleneck().disc().GetParam(e.name);
    if (std::isnan(old) && e.side < 0) return {};  // meant for another discipline
    // Both hops of a parking lot run the side's discipline with the same
    // parameters: both must accept the value before either takes it.
    for (size_t i = 0; i < hops_.size(); ++i) {
      if (Status s = hops_[i].forward->disc().CheckParam(e.name, e.value); !s.ok()) {
        return {"event." + s.error + (i == 0 ? "" : " (at topology.hop2)")};
      }
    }
    for (Hop& h : hops_) (void)h.forward->disc().SetParam(e.name, e.value);
    return {};
  }
  if (Status s = CheckEvent(e, scenario_, "event"); !s.ok()) return s;
  switch (e.kind) {
    case EventKind::kSetFlows: {
      int64_t total = e.count;
      for (const auto& g : groups_) total += g->index() == e.group ? 0 : g->count();
      if (total > kMaxTotalFlows) {
        return {"event.count: would bring the flows and sources of all groups to " +
                std::to_string(total) + " (at most " + std::to_string(kMaxTotalFlows) + ")"};
      }
      groups_[e.group]->SetCount(e.count);
      return {};
    }
    case EventKind::kSetCapacity:
      SetHopCapacity(e.hop, e.mbps * 1e6);
      return {};
    case EventKind::kSetRate:
      groups_[e.group]->SetRate(e.rate);
      return {};
    case EventKind::kSetDelay:
      SetHopDelay(e.hop, Time::Millis(e.delay_ms));
      return {};
    case EventKind::kGroupOn:
      groups_[e.group]->TurnOn();
      return {};
    case EventKind::kGroupOff:
      groups_[e.group]->TurnOff();
      return {};
    case EventKind::kSetParam:
      break;
  }
  return {"event.kind: unknown"};
}

void Simulation::SwitchDiscipline() {
  const AqmSwitch& to = *scenario_.sides[side_].switch_to;
  QueueLink& link = bottleneck();
  QueueDiscEnv env;
  env.link = link.disc().link();  // the capacity and ECN in force now
  env.loop = &loop_;
  env.pool = &pool_;
  env.seed = scenario_.seed;
  env.stream = kSwitchStream;
  // Checked on load against the same link figures.
  auto disc = FindAqm(to.aqm)->create(env, to.params);
  if (disc.ok()) link.ReplaceDisc(std::move(disc.value()), to.keep_state);
}

void Simulation::SetHopDelay(int64_t hop, Time d) {
  // Both directions of the hop; access delays stay, so every round trip
  // over it moves by twice the change.
  Hop& h = hops_[hop - 1];
  h.forward->SetDelay(d);
  if (h.back_pipe) h.back_pipe->set_delay(d);
  if (h.back_queue) h.back_queue->SetDelay(d);
}

void Simulation::SetHopCapacity(int64_t hop, double bps) {
  // Both directions, as for the delay. A way back left at the capacity it
  // was built with would cap the ACK rate, and so the goodput, without a
  // word: 10 Mb/s of 40-byte ACKs clock at most 125 Mb/s of 500-byte
  // segments, whatever the forward link was raised to.
  Hop& h = hops_[hop - 1];
  h.forward->SetRate(bps);
  if (h.back_pipe) h.back_pipe->set_rate(bps);
  if (h.back_queue) h.back_queue->SetRate(bps);
}

Status Simulation::AdvanceTo(Time t) {
  if (!failure_.ok()) return failure_;
  if (t > end_) t = end_;
  loop_.set_prefetching(WorkingSetBytes() > kCacheBytes);
  while (next_action_ < timeline_.size() && timeline_[next_action_].at <= t) {
    const Action& a = timeline_[next_action_++];
    loop_.RunUntil(a.at);
    if (loop_.stopped()) return failure_ = PacketLimitError();
    if (a.switch_aqm) {
      SwitchDiscipline();
      continue;
    }
    // A scenario file's events were checked on load; one that the
    // discipline still refuses (e.g. min_th above max_th) changes nothing.
    (void)Apply(a.event);
  }
  loop_.RunUntil(t);
  if (loop_.stopped()) return failure_ = PacketLimitError();
  return {};
}

Status Simulation::PacketLimitError() {
  size_t classes = 0;
  for (const auto& g : groups_) classes = std::max(classes, static_cast<size_t>(g->traffic_class()) + 1);
  const std::vector<int64_t> held = pool_.LiveByClass(classes);
  size_t worst = 0;
  for (size_t g = 1; g < groups_.size(); ++g) {
    if (held[groups_[g]->traffic_class()] > held[groups_[worst]->traffic_class()]) worst = g;
  }
  char at[32];
  std::snprintf(at, sizeof at, "%.6g", loop_.now().seconds());
  std::string where = "the run";
  if (!groups_.empty()) {
    const TrafficGroup& g = *groups_[worst];
    where = "groups[" + std::to_string(worst) + "] (" + GroupKindName(scenario_.groups[worst].kind()) + ") holds " +
            std::to_string(held[g.traffic_class()]) + " of them: its sources send faster than their path "
            "carries (check its rate against access_mbps and the bottleneck)";
  }
  // Below kMaxPacketsHeld the limit is the run's share of a process's
  // budget (run/packet_share.h).
  const std::string most = pool_.limit() >= kMaxPacketsHeld
                               ? "the most a run may hold"
                               : "its share of the " + std::to_string(kMaxPacketsHeld) + " a process may hold";
  return {"the run holds more than " + std::to_string(pool_.limit()) + " packets at t = " + at + " s, " + most +
          "; " + where};
}

}  // namespace aqmlab
