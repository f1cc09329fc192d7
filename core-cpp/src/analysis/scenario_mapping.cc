#include "analysis/scenario_mapping.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "analysis/analysis_json.h"
#include "analysis/fluid_laws.h"
#include "aqm/registry.h"
#include "aqm/theory/discipline_theory.h"

namespace aqmlab::analysis {

namespace {

// The disciplines the chain can model: "droptail and red".
std::string StaticCurveNames() {
  std::vector<std::string> names;
  for (const AqmEntry& e : AqmRegistry()) {
    if (e.theory && (e.theory().drop_curve || e.theory().no_early_drop)) names.emplace_back(e.describe().name);
  }
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

bool CrossesHop1(const Scenario& s, const GroupSpec& g) {
  return !g.reverse() && !(s.topology.parking_lot() && g.path == PathKind::kHop2);
}

// Sum over members of 1 / RTT (s), for the harmonic mean.
double InverseRttSum(const GroupSpec& g) {
  double sum = 0;
  for (int64_t k = 0; k < g.count; ++k) {
    double ms = g.rtt_min_ms;
    if (!g.rtt_list_ms.empty()) {
      ms = g.rtt_list_ms[static_cast<size_t>(k) % g.rtt_list_ms.size()];
    } else if (g.count > 1) {
      ms = g.rtt_min_ms + (g.rtt_max_ms - g.rtt_min_ms) * double(k) / double(g.count - 1);
    }
    sum += 1000.0 / ms;
  }
  return sum;
}

// Packets/s of one open-loop group (all its members), or nullopt for kinds
// the fluid model leaves out.
std::optional<double> OpenLoopRate(const GroupSpec& g, double scenario_bytes) {
  auto bytes = [&](const std::optional<int64_t>& b) { return b ? double(*b) : scenario_bytes; };
  const double n = double(g.count);
  switch (g.kind()) {
    case GroupKind::kUdpCbr: {
      const auto& c = std::get<CbrTraffic>(g.traffic);
      return n * (c.rate_mbps ? *c.rate_mbps * 1e6 / (8 * bytes(c.packet_bytes)) : 1000 / *c.interval_ms);
    }
    case GroupKind::kOnOff: {
      const auto& o = std::get<OnOffTraffic>(g.traffic);
      return n * o.peak_mbps * 1e6 / (8 * bytes(o.packet_bytes)) * o.mean_on_s / (o.mean_on_s + o.mean_off_s);
    }
    case GroupKind::kPoisson: return n * std::get<PoissonTraffic>(g.traffic).rate_pps;
    case GroupKind::kMmpp: {
      double sum = 0;
      for (const MmppSourceSpec& m : std::get<MmppTraffic>(g.traffic).sources) {
        sum += (m.lambda1 * m.r21 + m.lambda2 * m.r12) / (m.r12 + m.r21);
      }
      return sum;
    }
    case GroupKind::kVideo: {
      const auto& v = std::get<VideoTraffic>(g.traffic);
      return n * v.frame_rate * double(v.mean_frame_bytes) / bytes(v.packet_bytes);
    }
    default: return std::nullopt;
  }
}

// The chain of an open-loop-only side, or nullopt (with a note why). Its
// source entries keep the order in which they first appear in the groups;
// identical sources (of any groups) share one entry, labelled by the classes
// of its members ("www", "video, ftp", "web source 2").
std::optional<MmppChainModel> ChainOf(const Scenario& s, const FluidInput& f, std::vector<std::string>& labels,
                                      std::vector<std::string>& notes) {
  MmppChainModel m;
  bool exponential = true;
  using Key = std::tuple<double, double, double, double>;
  std::vector<std::pair<Key, int64_t>> specs;
  auto add = [&](const Key& k, int64_t count, const std::string& label) {
    auto it = std::find_if(specs.begin(), specs.end(), [&](const auto& e) { return e.first == k; });
    if (it == specs.end()) {
      specs.emplace_back(k, count);
      labels.push_back(label);
      return;
    }
    it->second += count;
    std::string& have = labels[size_t(it - specs.begin())];
    if ((", " + have + ", ").find(", " + label + ", ") == std::string::npos) have += ", " + label;
  };
  for (const GroupSpec& g : s.groups) {
    if (!CrossesHop1(s, g)) continue;
    if (g.kind() == GroupKind::kPoisson) {
      const auto& p = std::get<PoissonTraffic>(g.traffic);
      exponential = exponential && p.exponential_sizes;
      add({p.rate_pps, p.rate_pps, 0.0, 0.0}, g.count, g.label);
    } else if (g.kind() == GroupKind::kMmpp) {
      const auto& t = std::get<MmppTraffic>(g.traffic);
      exponential = exponential && t.exponential_sizes;
      for (size_t i = 0; i < t.sources.size(); ++i) {
        const MmppSourceSpec& x = t.sources[i];
        const std::string label = t.sources.size() > 1 ? g.label + " source " + std::to_string(i + 1) : g.label;
        add(x.lambda1 == x.lambda2 ? Key{x.lambda1, x.lambda1, 0.0, 0.0} : Key{x.lambda1, x.lambda2, x.r12, x.r21}, 1,
            label);
      }
    } else {
      notes.push_back("queue_model: only for open-loop poisson/mmpp traffic; this side has " +
                      std::string(GroupKindName(g.kind())) + " traffic");
      labels.clear();
      return std::nullopt;
    }
  }
  const AqmEntry* entry = FindAqm(f.aqm);
  const theory::DisciplineTheory* t = entry && entry->theory ? &entry->theory() : nullptr;
  const auto curve = t ? t->drop_curve : nullptr;
  if (specs.empty() || !(curve || (t && t->no_early_drop))) {
    if (!specs.empty()) {
      notes.push_back("queue_model: " + f.aqm + " has no static drop curve (only " + StaticCurveNames() + " do)");
    }
    labels.clear();
    return std::nullopt;
  }
  int64_t phases = 1;
  for (const auto& [k, count] : specs) {
    const auto [l1, l2, r12, r21] = k;
    m.sources.push_back({l1, l2, r12, r21, count});
    phases *= l1 == l2 ? 1 : count + 1;
  }
  m.service_rate = f.capacity_pps;
  m.stages = exponential ? 1 : std::clamp<int64_t>(64 / std::max<int64_t>(phases, 1), 1, 16);
  m.capacity = static_cast<int64_t>(f.buffer_pkts) + 1;
  if (curve) {
    for (int64_t b = 0; b < m.capacity; ++b) m.drop.push_back(curve(f.params, double(std::max<int64_t>(b - 1, 0))));
    notes.push_back("queue_model: " + std::string(entry->describe().label) +
                    "'s curve is applied to the instantaneous queue (no EWMA in a static model)");
  }
  if (!exponential) {
    notes.push_back("queue_model: fixed packet sizes as Erlang-" + std::to_string(m.stages) + " service");
  }
  return m;
}

}  // namespace

ScenarioModels MapScenario(const Scenario& s, int side_index) {
  ScenarioModels out;
  FluidInput& f = out.fluid;
  const SideSpec& side = s.sides[static_cast<size_t>(side_index)];
  const HopFigures hop = SideHop(s, side, 1);
  f.capacity_pps = hop.link.CapacityPacketsPerSecond();
  f.buffer_pkts = double(hop.link.buffer_packets);
  f.duration_s = s.duration_s;
  f.sample_s = s.sample_interval_ms / 1000;
  f.aqm = side.aqm;
  f.params = ResolveParams(side.aqm, hop.link, side.params);

  double flows = 0, inverse = 0;
  for (const GroupSpec& g : s.groups) {
    if (g.kind() == GroupKind::kTcp && CrossesHop1(s, g)) flows += double(g.count), inverse += InverseRttSum(g);
    if (g.kind() == GroupKind::kTcp && g.reverse()) {
      out.notes.push_back("fluid: reverse TCP group \"" + g.label + "\" left out (its data does not cross the AQM)");
    }
    if ((g.kind() == GroupKind::kShortTcp || g.kind() == GroupKind::kHttp) && CrossesHop1(s, g)) {
      out.notes.push_back("fluid: " + std::string(GroupKindName(g.kind())) + " group \"" + g.label +
                          "\" left out (finite transfers have no fluid term)");
    }
  }
  f.prop_rtt_s = inverse > 0 ? flows / inverse : 2 * hop.delay_ms / 1000 + 1e-3;

  // Group state over time, replayed in time order to give N(t) and U(t).
  struct GroupState {
    bool active;
    int64_t count;
  };
  std::vector<GroupState> state;
  for (const GroupSpec& g : s.groups) state.push_back({g.start_s <= 0 && !(g.stop_s && *g.stop_s <= 0), g.count});
  auto totals = [&](double& n, double& u) {
    n = u = 0;
    for (size_t i = 0; i < s.groups.size(); ++i) {
      GroupSpec g = s.groups[i];
      if (!state[i].active || !CrossesHop1(s, g)) continue;
      g.count = state[i].count;
      if (g.kind() == GroupKind::kTcp) n += double(g.count);
      if (auto r = OpenLoopRate(g, double(s.packet_bytes))) u += *r;
    }
  };
  totals(f.flows, f.open_loop_pps);
  struct Change {
    double at;
    int order;
    const TimelineEvent* event;  // null: a group's start (order 0) or stop (order 1)
    size_t group;
  };
  std::vector<Change> changes;
  for (size_t i = 0; i < s.groups.size(); ++i) {
    if (s.groups[i].start_s > 0) changes.push_back({s.groups[i].start_s, 0, nullptr, i});
    if (s.groups[i].stop_s && *s.groups[i].stop_s > 0) changes.push_back({*s.groups[i].stop_s, 1, nullptr, i});
  }
  for (const TimelineEvent& e : s.events) changes.push_back({e.at_s, 2, &e, size_t(e.group)});
  if (side.switch_to) changes.push_back({side.switch_to->at_s, 3, nullptr, 0});
  std::stable_sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) { return a.at < b.at; });
  double delay_ms = hop.delay_ms, tp = f.prop_rtt_s;
  for (const Change& c : changes) {
    FluidEvent fe;
    fe.at_s = c.at;
    if (c.order == 0 || c.order == 1) state[c.group].active = c.order == 0;
    if (c.order == 3) {
      fe.aqm = side.switch_to->aqm;
      fe.params = ResolveParams(side.switch_to->aqm, hop.link, side.switch_to->params);
    }
    if (const TimelineEvent* e = c.event) {
      switch (e->kind) {
        case EventKind::kSetFlows: state[c.group].count = e->count; break;
        case EventKind::kGroupOn: state[c.group].active = true; break;
        case EventKind::kGroupOff: state[c.group].active = false; break;
        case EventKind::kSetCapacity:
          if (e->hop == 1) fe.capacity_pps = e->mbps * 1e6 / (8 * double(hop.link.typical_packet));
          break;
        case EventKind::kSetDelay:
          if (e->hop == 1) {
            tp = std::max(1e-6, tp + 2 * (e->delay_ms - delay_ms) / 1000);
            fe.prop_rtt_s = tp;
            delay_ms = e->delay_ms;
          }
          break;
        case EventKind::kSetParam:
          if (e->side < 0 || e->side == side_index) fe.params[e->name] = e->value;
          break;
        case EventKind::kSetRate:
          out.notes.push_back("fluid: set_rate at " + std::to_string(e->at_s) + " s left out");
          break;
      }
    }
    double n, u;
    totals(n, u);
    fe.flows = n;
    fe.open_loop_pps = u;
    f.events.push_back(fe);
  }
  if (!HasFluidLaw(f.aqm)) out.notes.push_back("fluid: no fluid law for " + f.aqm);
  out.chain = ChainOf(s, f, out.chain_labels, out.notes);
  return out;
}

}  // namespace aqmlab::analysis
