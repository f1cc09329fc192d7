#include "scenario/scenario.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "aqm/registry.h"
#include "scenario/group_json.h"
#include "scenario/json_reader.h"
#include "scenario/json_text.h"
#include "sim/format.h"

namespace aqmlab {

namespace {

constexpr double kMinCapacityMbps = 0.01;
constexpr double kMaxCapacityMbps = 100000;
constexpr double kMaxDelayMs = 5000;

std::string Indexed(const std::string& path, size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

// JsonReader's range message, for checks made outside a reader.
std::string OutOfRange(const std::string& field, double lo, double hi, double got) {
  return field + ": must be in [" + FormatNumber(lo) + ", " + FormatNumber(hi) + "], got " +
         FormatNumber(got);
}

// Reads `aqm` and `params` (a side's, or its switch_to's) and checks the
// parameters against the discipline's table with the link's figures.
const AqmEntry* ReadDiscipline(JsonReader& r, const LinkContext& link, std::string& aqm,
                               ParamOverrides& out) {
  r.Text("aqm", aqm, 40);
  const Json* params = r.Object("params");
  if (!r.ok()) return nullptr;
  const AqmEntry* entry = FindAqm(aqm);
  if (!entry) {
    r.Fail(r.Field("aqm"), "unknown discipline " + Quoted(aqm) + " (known: " + AqmNames() + ")");
    return nullptr;
  }
  if (params) {
    for (auto it = params->begin(); it != params->end(); ++it) {
      const std::string field = r.Field("params") + "." + FieldKey(it.key());
      if (!it->is_number() && !it->is_boolean()) {
        r.Fail(field, "must be a number");
        return nullptr;
      }
      // Checked here, where the key is echoed safely; the discipline's own
      // check below splits its message at the first ':'.
      const auto& specs = entry->describe().params;
      if (std::none_of(specs.begin(), specs.end(), [&it](const ParamSpec& p) { return p.name == it.key(); })) {
        r.Fail(field, "no such parameter");
        return nullptr;
      }
      out.emplace_back(it.key(), it->is_boolean() ? (it->get<bool>() ? 1.0 : 0.0) : it->get<double>());
    }
  }
  if (Status st = entry->check(link, out); !st.ok()) {
    r.Fail(r.Field("params") + "." + st.error.substr(0, st.error.find(':')),
           st.error.substr(st.error.find(':') + 2));
    return nullptr;
  }
  return entry;
}

void ReadSwitch(JsonReader& parent, std::string* error, const Scenario& s, SideSpec& side) {
  const Json* sw = parent.Object("switch_to");
  if (!sw || !parent.ok()) return;
  if (s.topology.parking_lot()) {
    return parent.Fail(parent.Field("switch_to"), "only with topology.kind \"dumbbell\"");
  }
  JsonReader r(*sw, parent.Field("switch_to"), error);
  AqmSwitch to;
  if (!r.Has("at_s")) return r.Fail(r.Field("at_s"), "is required");
  r.Number("at_s", to.at_s, 0, s.duration_s);
  if (!ReadDiscipline(r, SideHop(s, side, 1).link, to.aqm, to.params)) return;
  r.RejectUnknown();
  if (r.ok()) side.switch_to = std::move(to);
}

void ReadSide(const Json& j, const std::string& path, std::string* error, const Scenario& s,
              SideSpec& side) {
  JsonReader r(j, path, error);
  r.Text("name", side.name, 40);
  r.Integer("buffer_pkts", side.buffer_pkts, 1, 1000000);
  if (!r.ok()) return;
  const AqmEntry* entry = ReadDiscipline(r, SideHop(s, side, 1).link, side.aqm, side.params);
  if (!entry) return;
  ReadSwitch(r, error, s, side);
  r.RejectUnknown();
  if (!r.ok()) return;
  if (side.name.empty()) side.name = std::string(entry->describe().label);
  // The side's discipline runs at a parking lot's second hop too, with that
  // link's figures: the parameters must suit both.
  if (!s.topology.parking_lot()) return;
  if (Status st = entry->check(ScenarioHop(s, 2).link, side.params); !st.ok()) {
    r.Fail(r.Field("params") + "." + st.error.substr(0, st.error.find(':')),
           st.error.substr(st.error.find(':') + 2) + " (at topology.hop2)");
  }
}

void ReadTopology(JsonReader& r, std::string* error, Scenario& s) {
  const Json* t = r.Object("topology");
  // The second hop defaults to the bottleneck's figures.
  s.topology.hop2_capacity_mbps = s.capacity_mbps;
  s.topology.hop2_delay_ms = s.delay_ms;
  s.topology.hop2_buffer_pkts = s.buffer_pkts;
  if (!t) return;
  JsonReader tr(*t, "topology", error);
  tr.Choice<TopologyKind>("kind", s.topology.kind,
                          {{"dumbbell", TopologyKind::kDumbbell}, {"parking_lot", TopologyKind::kParkingLot}});
  if (!tr.ok()) return;
  if (s.topology.parking_lot()) {
    if (const Json* h = tr.Object("hop2")) {
      JsonReader hr(*h, tr.Field("hop2"), error);
      hr.Number("capacity_mbps", s.topology.hop2_capacity_mbps, kMinCapacityMbps, kMaxCapacityMbps);
      hr.Number("delay_ms", s.topology.hop2_delay_ms, 0, kMaxDelayMs);
      hr.Integer("buffer_pkts", s.topology.hop2_buffer_pkts, 1, 1000000);
      hr.RejectUnknown();
    }
  }
  tr.RejectUnknown("for kind \"" + std::string(s.topology.parking_lot() ? "parking_lot" : "dumbbell") + "\"");
}

// A set_param event must name a parameter of its side's discipline (or, for
// every side, of at least one side's), and a value in that parameter's range.
Status CheckParamName(const Scenario& s, const TimelineEvent& e, const std::string& path) {
  std::string known;
  for (size_t i = 0; i < s.sides.size(); ++i) {
    if (e.side >= 0 && static_cast<size_t>(e.side) != i) continue;
    // Before or after a switch_to: a parameter of either discipline.
    std::vector<const AqmEntry*> entries = {FindAqm(s.sides[i].aqm)};
    if (s.sides[i].switch_to) entries.push_back(FindAqm(s.sides[i].switch_to->aqm));
    for (const AqmEntry* entry : entries) {
      if (!entry) continue;
      for (const ParamSpec& spec : entry->describe().params) {
        if (spec.name == e.name) {
          if (Status st = CheckParamValue(spec, e.value); !st.ok()) return {path + ".value: " + st.error};
          return {};
        }
        if (e.side >= 0) known += (known.empty() ? "" : ", ") + std::string(spec.name);
      }
    }
  }
  if (e.side >= 0) {
    const std::string aqm = s.sides[e.side].aqm;
    return {path + ".name: " + Quoted(e.name) + " is not a parameter of " + aqm +
            (known.empty() ? " (it has none)" : " (known: " + known + ")")};
  }
  return {path + ".name: " + Quoted(e.name) + " is not a parameter of any side's discipline"};
}

Status CheckGroupIndex(const Scenario& s, int64_t group, const std::string& path) {
  if (s.groups.empty()) return {path + ".group: there are no groups (the scenario's \"groups\" is empty)"};
  const auto last = static_cast<int64_t>(s.groups.size()) - 1;
  if (group < 0 || group > last) return {OutOfRange(path + ".group", 0, static_cast<double>(last), static_cast<double>(group))};
  return {};
}

Status CheckHop(const Scenario& s, int64_t hop, const std::string& path) {
  if (hop < 1 || hop > 2) return {OutOfRange(path + ".hop", 1, 2, static_cast<double>(hop))};
  if (hop == 2 && !s.topology.parking_lot()) {
    return {path + ".hop: 2 needs topology.kind \"parking_lot\""};
  }
  return {};
}

const char* KindName(EventKind k) {
  switch (k) {
    case EventKind::kSetFlows: return "set_flows";
    case EventKind::kSetParam: return "set_param";
    case EventKind::kSetCapacity: return "set_capacity";
    case EventKind::kSetRate: return "set_rate";
    case EventKind::kSetDelay: return "set_delay";
    case EventKind::kGroupOn: return "group_on";
    case EventKind::kGroupOff: return "group_off";
  }
  return "set_flows";
}

// Reads one event's fields with their types and ranges, then runs CheckEvent.
void ReadEvent(const Json& j, const std::string& path, std::string* error, const Scenario& s,
               bool needs_time, TimelineEvent& e) {
  JsonReader r(j, path, error);
  if (needs_time) r.Number("at_s", e.at_s, 0, s.duration_s);
  std::string kind;
  r.Text("kind", kind, 40);
  if (!r.ok()) return;
  auto require = [&r](const char* key) {
    if (r.ok() && !r.Has(key)) r.Fail(r.Field(key), "is required");
  };
  // The group an event acts on: required, and checked before any use (the
  // range message comes from CheckGroupIndex, which also covers no groups).
  auto read_group = [&]() {
    require("group");
    if (!r.ok()) return false;
    r.Integer("group", e.group, INT64_MIN, INT64_MAX);
    if (!r.ok()) return false;
    if (Status st = CheckGroupIndex(s, e.group, path); !st.ok()) {
      *error = st.error;
      return false;
    }
    return true;
  };
  if (kind == "set_flows") {
    e.kind = EventKind::kSetFlows;
    read_group();
    r.Integer("count", e.count, 0, kMaxFlowsPerGroup);
    require("count");
  } else if (kind == "set_param") {
    e.kind = EventKind::kSetParam;
    r.Integer("side", e.side, -1, static_cast<int64_t>(s.sides.size()) - 1);
    r.Text("name", e.name, 40);
    r.Number("value", e.value, -1e12, 1e12);
    if (r.ok() && e.name.empty()) r.Fail(r.Field("name"), "is required");
    require("value");
  } else if (kind == "set_capacity") {
    e.kind = EventKind::kSetCapacity;
    r.Number("mbps", e.mbps, kMinCapacityMbps, kMaxCapacityMbps);
    require("mbps");
    r.Integer("hop", e.hop, 1, 2);
  } else if (kind == "set_rate") {
    e.kind = EventKind::kSetRate;
    if (read_group()) {
      const RateField f = RateFieldOf(s.groups[e.group].kind());
      if (f.has_rate) {
        r.Number("rate", e.rate, f.lo, f.hi);
        require("rate");
      }
    }
  } else if (kind == "set_delay") {
    e.kind = EventKind::kSetDelay;
    r.Number("delay_ms", e.delay_ms, 0, kMaxDelayMs);
    require("delay_ms");
    r.Integer("hop", e.hop, 1, 2);
  } else if (kind == "group_on" || kind == "group_off") {
    e.kind = kind == "group_on" ? EventKind::kGroupOn : EventKind::kGroupOff;
    read_group();
  } else {
    r.Fail(r.Field("kind"),
           "must be one of \"set_flows\", \"set_param\", \"set_capacity\", \"set_rate\", "
           "\"set_delay\", \"group_on\", \"group_off\"");
  }
  if (r.ok()) {
    if (Status st = CheckEvent(e, s, path); !st.ok()) *error = st.error;
  }
  r.RejectUnknown("for kind " + Quoted(kind));
}

// Flows and sources running at once stay within kMaxTotalFlows whatever the
// set_flows events do (taken in the order the simulation applies them).
void CheckTotals(const Scenario& s, std::string* error) {
  std::vector<int64_t> counts;
  for (const GroupSpec& g : s.groups) counts.push_back(g.count);
  std::vector<size_t> order(s.events.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&s](size_t a, size_t b) { return s.events[a].at_s < s.events[b].at_s; });
  for (size_t i : order) {
    const TimelineEvent& e = s.events[i];
    if (e.kind != EventKind::kSetFlows) continue;
    counts[e.group] = e.count;
    const int64_t total = std::accumulate(counts.begin(), counts.end(), int64_t{0});
    if (total > kMaxTotalFlows) {
      *error = Indexed("events", i) + ".count: would bring the flows and sources of all groups to " +
               std::to_string(total) + " (at most " + std::to_string(kMaxTotalFlows) + ")";
      return;
    }
  }
}

void ReadResponse(JsonReader& r, std::string* error, Scenario& s) {
  const Json* resp = r.NullableObject("response");
  if (!resp) return;
  JsonReader rr(*resp, "response", error);
  ResponseSpec spec;
  rr.Number("target_pkts", spec.target_pkts, 1, 1000000);
  rr.Number("from_s", spec.from_s, 0, s.duration_s);
  rr.Number("deviation_tolerance", spec.deviation_tolerance, 0.01, 10);
  if (rr.ok() && !rr.Has("target_pkts")) rr.Fail(rr.Field("target_pkts"), "is required");
  rr.RejectUnknown();
  if (rr.ok()) s.response = spec;
}

}  // namespace

Status CheckEvent(const TimelineEvent& e, const Scenario& s, const std::string& path) {
  switch (e.kind) {
    case EventKind::kSetFlows: {
      if (Status st = CheckGroupIndex(s, e.group, path); !st.ok()) return st;
      const GroupSpec& g = s.groups[e.group];
      if (!g.counted()) {
        return {path + ".group: set_flows needs a group with a count (tcp, udp_cbr, onoff, "
                       "poisson, video, http); group " + std::to_string(e.group) + " is " +
                GroupKindName(g.kind())};
      }
      if (e.count < 0 || e.count > kMaxFlowsPerGroup) {
        return {OutOfRange(path + ".count", 0, kMaxFlowsPerGroup, static_cast<double>(e.count))};
      }
      return {};
    }
    case EventKind::kSetParam:
      if (e.side < -1 || e.side >= static_cast<int64_t>(s.sides.size())) {
        return {OutOfRange(path + ".side", -1, static_cast<double>(s.sides.size()) - 1,
                           static_cast<double>(e.side))};
      }
      if (e.name.empty()) return {path + ".name: is required"};
      return CheckParamName(s, e, path);
    case EventKind::kSetCapacity:
      if (!(e.mbps >= kMinCapacityMbps && e.mbps <= kMaxCapacityMbps)) {
        return {OutOfRange(path + ".mbps", kMinCapacityMbps, kMaxCapacityMbps, e.mbps)};
      }
      return CheckHop(s, e.hop, path);
    case EventKind::kSetRate: {
      if (Status st = CheckGroupIndex(s, e.group, path); !st.ok()) return st;
      const GroupKind kind = s.groups[e.group].kind();
      const RateField f = RateFieldOf(kind);
      if (!f.has_rate) {
        return {path + ".group: group " + std::to_string(e.group) + " is " + GroupKindName(kind) +
                ", which has no rate (use set_flows)"};
      }
      if (!(e.rate >= f.lo && e.rate <= f.hi)) return {OutOfRange(path + ".rate", f.lo, f.hi, e.rate)};
      return {};
    }
    case EventKind::kSetDelay:
      if (!(e.delay_ms >= 0 && e.delay_ms <= kMaxDelayMs)) {
        return {OutOfRange(path + ".delay_ms", 0, kMaxDelayMs, e.delay_ms)};
      }
      return CheckHop(s, e.hop, path);
    case EventKind::kGroupOn:
    case EventKind::kGroupOff:
      return CheckGroupIndex(s, e.group, path);
  }
  return {path + ".kind: unknown"};
}

Result<Scenario> ParseScenario(std::string_view text) {
  Result<Json> parsed = ParseJsonText(text, "scenario", "");
  if (!parsed.ok()) return Error{parsed.error()};
  const Json& j = parsed.value();
  std::string error;
  Scenario s;
  s.groups.clear();
  JsonReader r(j, "", &error);
  r.Integer("version", s.version, 1, 1);
  int64_t seed = 1;
  r.Integer("seed", seed, 0, (int64_t{1} << 53));
  s.seed = static_cast<uint64_t>(seed);
  r.Number("duration_s", s.duration_s, 0.1, 86400);
  r.Number("sample_interval_ms", s.sample_interval_ms, 1, 10000);
  r.Number("warmup_s", s.warmup_s, 0, 86400);
  if (r.ok() && s.warmup_s >= s.duration_s) {
    r.Fail("warmup_s", "must be below duration_s (" + FormatNumber(s.duration_s) + ")");
  }
  if (const Json* b = r.Object("bottleneck")) {
    JsonReader br(*b, "bottleneck", &error);
    br.Number("capacity_mbps", s.capacity_mbps, kMinCapacityMbps, kMaxCapacityMbps);
    br.Number("delay_ms", s.delay_ms, 0, kMaxDelayMs);
    br.Integer("buffer_pkts", s.buffer_pkts, 1, 1000000);
    br.Integer("packet_bytes", s.packet_bytes, 40, 9000);
    br.Boolean("ecn", s.ecn);
    if (br.Has("ecn_mark_p")) {
      double mark_p = 1;
      br.Number("ecn_mark_p", mark_p, 0, 1);
      s.ecn_mark_p = mark_p;
    }
    br.RejectUnknown();
  }
  r.Number("access_mbps", s.access_mbps, 0.01, 1000000);
  if (r.ok()) ReadTopology(r, &error, s);
  if (const Json* groups = r.Array("groups", kMaxGroups)) {
    const GroupContext ctx{s.duration_s, s.delay_ms, s.topology.parking_lot(), s.topology.hop2_delay_ms};
    int64_t total = 0;
    for (size_t i = 0; i < groups->size() && r.ok(); ++i) {
      GroupSpec g;
      ReadGroup((*groups)[i], Indexed("groups", i), &error, ctx, g);
      total += g.count;
      s.groups.push_back(g);
    }
    if (r.ok() && total > kMaxTotalFlows) {
      r.Fail("groups", "at most " + std::to_string(kMaxTotalFlows) + " flows and sources in all, got " +
                           std::to_string(total));
    }
  } else if (r.ok()) {
    s.groups.push_back(GroupSpec{});
  }
  if (const Json* sides = r.Array("sides", kMaxSides)) {
    if (sides->empty()) r.Fail("sides", "must name at least one discipline");
    for (size_t i = 0; i < sides->size() && r.ok(); ++i) {
      SideSpec side;
      ReadSide((*sides)[i], Indexed("sides", i), &error, s, side);
      s.sides.push_back(side);
    }
  } else if (r.ok()) {
    s.sides = DefaultScenario().sides;
  }
  if (const Json* events = r.Array("events", 10000)) {
    for (size_t i = 0; i < events->size() && r.ok(); ++i) {
      TimelineEvent e;
      ReadEvent((*events)[i], Indexed("events", i), &error, s, true, e);
      s.events.push_back(e);
    }
    if (r.ok()) CheckTotals(s, &error);
  }
  if (r.ok()) ReadResponse(r, &error, s);
  r.RejectUnknown();
  if (!error.empty()) return Error{error};
  return s;
}

Result<TimelineEvent> ParseEvent(std::string_view text, const Scenario& scenario) {
  Result<Json> parsed = ParseJsonText(text, "event", "event");
  if (!parsed.ok()) return Error{parsed.error()};
  const Json& j = parsed.value();
  std::string error;
  TimelineEvent e;
  ReadEvent(j, "event", &error, scenario, false, e);
  if (!error.empty()) return Error{error};
  return e;
}

std::string ScenarioToJson(const Scenario& s) {
  nlohmann::ordered_json j;
  j["version"] = s.version;
  j["seed"] = s.seed;
  j["duration_s"] = s.duration_s;
  j["sample_interval_ms"] = s.sample_interval_ms;
  j["warmup_s"] = s.warmup_s;
  j["bottleneck"] = {{"capacity_mbps", s.capacity_mbps}, {"delay_ms", s.delay_ms},
                     {"buffer_pkts", s.buffer_pkts},     {"packet_bytes", s.packet_bytes},
                     {"ecn", s.ecn}};
  if (s.ecn_mark_p) j["bottleneck"]["ecn_mark_p"] = *s.ecn_mark_p;
  j["access_mbps"] = s.access_mbps;
  if (s.topology.parking_lot()) {
    j["topology"] = {{"kind", "parking_lot"},
                     {"hop2", {{"capacity_mbps", s.topology.hop2_capacity_mbps},
                               {"delay_ms", s.topology.hop2_delay_ms},
                               {"buffer_pkts", s.topology.hop2_buffer_pkts}}}};
  } else {
    j["topology"] = {{"kind", "dumbbell"}};
  }
  j["groups"] = nlohmann::ordered_json::array();
  for (const GroupSpec& g : s.groups) j["groups"].push_back(GroupToJson(g));
  j["sides"] = nlohmann::ordered_json::array();
  auto params_json = [](const ParamOverrides& params) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const auto& [k, v] : params) out[k] = v;
    return out;
  };
  for (const SideSpec& side : s.sides) {
    nlohmann::ordered_json sj = {{"name", side.name}, {"aqm", side.aqm}, {"params", params_json(side.params)}};
    if (side.buffer_pkts) sj["buffer_pkts"] = *side.buffer_pkts;
    if (side.switch_to) {
      sj["switch_to"] = {{"at_s", side.switch_to->at_s},
                         {"aqm", side.switch_to->aqm},
                         {"params", params_json(side.switch_to->params)}};
    }
    j["sides"].push_back(sj);
  }
  j["events"] = nlohmann::ordered_json::array();
  for (const TimelineEvent& e : s.events) {
    nlohmann::ordered_json ej = {{"at_s", e.at_s}, {"kind", KindName(e.kind)}};
    switch (e.kind) {
      case EventKind::kSetFlows:
        ej["group"] = e.group;
        ej["count"] = e.count;
        break;
      case EventKind::kSetParam:
        if (e.side >= 0) ej["side"] = e.side;
        ej["name"] = e.name;
        ej["value"] = e.value;
        break;
      case EventKind::kSetCapacity:
        ej["mbps"] = e.mbps;
        if (e.hop != 1) ej["hop"] = e.hop;
        break;
      case EventKind::kSetRate:
        ej["group"] = e.group;
        ej["rate"] = e.rate;
        break;
      case EventKind::kSetDelay:
        ej["delay_ms"] = e.delay_ms;
        if (e.hop != 1) ej["hop"] = e.hop;
        break;
      case EventKind::kGroupOn:
      case EventKind::kGroupOff:
        ej["group"] = e.group;
        break;
    }
    j["events"].push_back(ej);
  }
  if (s.response) {
    j["response"] = {{"target_pkts", s.response->target_pkts}, {"from_s", s.response->from_s}};
    if (s.response->deviation_tolerance != ResponseSpec{}.deviation_tolerance) {
      j["response"]["deviation_tolerance"] = s.response->deviation_tolerance;
    }
  }
  return j.dump(2);
}

int HopCount(const Scenario& s) { return s.topology.parking_lot() ? 2 : 1; }

HopFigures ScenarioHop(const Scenario& s, int hop) {
  HopFigures h;
  h.link.capacity_bps = s.capacity_mbps * 1e6;
  h.link.typical_packet = s.packet_bytes;
  h.link.buffer_packets = s.buffer_pkts;
  h.link.ecn = s.ecn;
  if (s.ecn_mark_p) h.link.ecn_mark_p = *s.ecn_mark_p;
  h.delay_ms = s.delay_ms;
  if (hop == 2) {
    h.link.capacity_bps = s.topology.hop2_capacity_mbps * 1e6;
    h.link.buffer_packets = s.topology.hop2_buffer_pkts;
    h.delay_ms = s.topology.hop2_delay_ms;
  }
  return h;
}

HopFigures SideHop(const Scenario& s, const SideSpec& side, int hop) {
  HopFigures h = ScenarioHop(s, hop);
  if (hop == 1 && side.buffer_pkts) h.link.buffer_packets = *side.buffer_pkts;
  return h;
}

double PathDelayMs(const Scenario& s, PathKind path) {
  if (!s.topology.parking_lot()) return s.delay_ms;
  switch (path) {
    case PathKind::kThrough: return s.delay_ms + s.topology.hop2_delay_ms;
    case PathKind::kHop1: return s.delay_ms;
    case PathKind::kHop2: return s.topology.hop2_delay_ms;
  }
  return s.delay_ms;
}

bool HasReverseTraffic(const Scenario& s) {
  for (const GroupSpec& g : s.groups) {
    if (g.reverse()) return true;
  }
  return false;
}

Scenario DefaultScenario() {
  Scenario s;
  s.groups = {GroupSpec{}};
  s.sides = {SideSpec{"Drop-tail", "droptail", {}, {}, {}}, SideSpec{"RED", "red", {}, {}, {}}};
  return s;
}

}  // namespace aqmlab
