#include "scenario/scenario.h"

#include <cmath>

#include "aqm/registry.h"
#include "scenario/json_reader.h"

namespace aqmlab {

namespace {

std::string Indexed(const std::string& path, size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

LinkContext BottleneckContext(const Scenario& s) {
  LinkContext link;
  link.capacity_bps = s.capacity_mbps * 1e6;
  link.typical_packet = s.packet_bytes;
  link.buffer_packets = s.buffer_pkts;
  link.ecn = s.ecn;
  return link;
}

void ReadGroup(const Json& j, const std::string& path, std::string* error, TcpGroup& g) {
  JsonReader r(j, path, error);
  std::string kind = "tcp";
  r.Choice<std::string>("kind", kind, {{"tcp", "tcp"}});
  r.Integer("count", g.count, 0, kMaxFlowsPerGroup);
  if (const Json* rtt = r.Object("rtt_ms")) {
    JsonReader rr(*rtt, r.Field("rtt_ms"), error);
    rr.Number("min", g.rtt_min_ms, 0, 10000);
    rr.Number("max", g.rtt_max_ms, 0, 10000);
    rr.RejectUnknown();
    if (rr.ok() && g.rtt_max_ms < g.rtt_min_ms) {
      rr.Fail(rr.Field("max"), "must be at least rtt_ms.min (" + FormatNumber(g.rtt_min_ms) + ")");
    }
  }
  r.Choice<RttSpread>("rtt_spread", g.spread, {{"even", RttSpread::kEven}, {"random", RttSpread::kRandom}});
  r.Choice<StartPattern>("start", g.start,
                         {{"together", StartPattern::kTogether},
                          {"staggered", StartPattern::kStaggered},
                          {"random", StartPattern::kRandom}});
  r.Number("start_window_s", g.start_window_s, 0, 3600);
  r.Boolean("ecn", g.ecn);
  std::string variant = "newreno";
  r.Choice<std::string>("variant", variant, {{"newreno", "newreno"}, {"reno", "reno"}});
  g.newreno = variant == "newreno";
  r.RejectUnknown();
}

void ReadSide(const Json& j, const std::string& path, std::string* error, const LinkContext& link,
              SideSpec& side) {
  JsonReader r(j, path, error);
  r.Text("name", side.name, 40);
  r.Text("aqm", side.aqm, 40);
  const Json* params = r.Object("params");
  r.RejectUnknown();
  if (!r.ok()) return;
  const AqmEntry* entry = FindAqm(side.aqm);
  if (!entry) {
    return r.Fail(r.Field("aqm"),
                  "unknown discipline \"" + side.aqm + "\" (known: " + AqmNames() + ")");
  }
  if (side.name.empty()) side.name = std::string(entry->describe().label);
  if (params) {
    for (auto it = params->begin(); it != params->end(); ++it) {
      const std::string field = r.Field("params") + "." + it.key();
      if (!it->is_number() && !it->is_boolean()) return r.Fail(field, "must be a number");
      side.params.emplace_back(it.key(), it->is_boolean() ? (it->get<bool>() ? 1.0 : 0.0)
                                                          : it->get<double>());
    }
  }
  if (Status s = entry->check(link, side.params); !s.ok()) {
    r.Fail(r.Field("params") + "." + s.error.substr(0, s.error.find(':')),
           s.error.substr(s.error.find(':') + 2));
  }
}

// A set_param event must name a parameter of its side's discipline (or, for
// every side, of at least one side's), and a value in that parameter's range.
void CheckParamName(JsonReader& r, const Scenario& s, const TimelineEvent& e) {
  std::string known;
  for (size_t i = 0; i < s.sides.size(); ++i) {
    if (e.side >= 0 && static_cast<size_t>(e.side) != i) continue;
    const AqmEntry* entry = FindAqm(s.sides[i].aqm);
    if (!entry) continue;
    for (const ParamSpec& spec : entry->describe().params) {
      if (spec.name == e.name) {
        if (Status st = CheckParamValue(spec, e.value); !st.ok()) r.Fail(r.Field("value"), st.error);
        return;
      }
      if (e.side >= 0) known += (known.empty() ? "" : ", ") + std::string(spec.name);
    }
  }
  if (e.side >= 0) {
    const std::string aqm = s.sides[e.side].aqm;
    r.Fail(r.Field("name"), "\"" + e.name + "\" is not a parameter of " + aqm +
                                (known.empty() ? " (it has none)" : " (known: " + known + ")"));
  } else {
    r.Fail(r.Field("name"), "\"" + e.name + "\" is not a parameter of any side's discipline");
  }
}

// Range checks for one event; `path` names it in messages.
void ReadEvent(const Json& j, const std::string& path, std::string* error, const Scenario& s,
               bool needs_time, TimelineEvent& e) {
  JsonReader r(j, path, error);
  if (needs_time) r.Number("at_s", e.at_s, 0, s.duration_s);
  std::string kind;
  r.Text("kind", kind, 40);
  if (!r.ok()) return;
  if (kind == "set_flows") {
    e.kind = EventKind::kSetFlows;
    r.Integer("group", e.group, 0, static_cast<int64_t>(s.groups.size()) - 1);
    e.count = -1;
    r.Integer("count", e.count, 0, kMaxFlowsPerGroup);
    if (r.ok() && e.count < 0) r.Fail(r.Field("count"), "is required");
  } else if (kind == "set_param") {
    e.kind = EventKind::kSetParam;
    r.Integer("side", e.side, -1, static_cast<int64_t>(s.sides.size()) - 1);
    r.Text("name", e.name, 40);
    e.value = std::nan("");
    r.Number("value", e.value, -1e12, 1e12);
    if (r.ok() && e.name.empty()) r.Fail(r.Field("name"), "is required");
    if (r.ok() && std::isnan(e.value)) r.Fail(r.Field("value"), "is required");
    if (r.ok()) CheckParamName(r, s, e);
  } else if (kind == "set_capacity") {
    e.kind = EventKind::kSetCapacity;
    e.mbps = 0;
    r.Number("mbps", e.mbps, 0.01, 100000);
    if (r.ok() && e.mbps == 0) r.Fail(r.Field("mbps"), "is required");
  } else {
    r.Fail(r.Field("kind"), "must be one of \"set_flows\", \"set_param\", \"set_capacity\"");
  }
  r.RejectUnknown();
}

}  // namespace

Result<Scenario> ParseScenario(std::string_view text) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{"scenario: not valid JSON"};
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
    br.Number("capacity_mbps", s.capacity_mbps, 0.01, 100000);
    br.Number("delay_ms", s.delay_ms, 0, 5000);
    br.Integer("buffer_pkts", s.buffer_pkts, 1, 1000000);
    br.Integer("packet_bytes", s.packet_bytes, 40, 9000);
    br.Boolean("ecn", s.ecn);
    br.RejectUnknown();
  }
  r.Number("access_mbps", s.access_mbps, 0.01, 1000000);
  if (const Json* groups = r.Array("groups", 16)) {
    int64_t total = 0;
    for (size_t i = 0; i < groups->size() && r.ok(); ++i) {
      TcpGroup g;
      ReadGroup((*groups)[i], Indexed("groups", i), &error, g);
      if (r.ok() && g.rtt_min_ms < 2 * s.delay_ms) {
        r.Fail(Indexed("groups", i) + ".rtt_ms.min",
               "must be at least twice bottleneck.delay_ms (" + FormatNumber(2 * s.delay_ms) +
                   "), got " + FormatNumber(g.rtt_min_ms));
      }
      total += g.count;
      s.groups.push_back(g);
    }
    if (r.ok() && total > kMaxTotalFlows) {
      r.Fail("groups", "at most " + std::to_string(kMaxTotalFlows) + " flows in all, got " +
                           std::to_string(total));
    }
  } else if (r.ok()) {
    s.groups.push_back(TcpGroup{});
  }
  if (const Json* sides = r.Array("sides", kMaxSides)) {
    if (sides->empty()) r.Fail("sides", "must name at least one discipline");
    for (size_t i = 0; i < sides->size() && r.ok(); ++i) {
      SideSpec side;
      ReadSide((*sides)[i], Indexed("sides", i), &error, BottleneckContext(s), side);
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
  }
  r.RejectUnknown();
  if (!error.empty()) return Error{error};
  return s;
}

Result<TimelineEvent> ParseEvent(std::string_view text, const Scenario& scenario) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{"event: not valid JSON"};
  std::string error;
  TimelineEvent e;
  ReadEvent(j, "event", &error, scenario, false, e);
  if (!error.empty()) return Error{error};
  return e;
}

namespace {
const char* SpreadName(RttSpread s) { return s == RttSpread::kEven ? "even" : "random"; }
const char* StartName(StartPattern s) {
  switch (s) {
    case StartPattern::kTogether: return "together";
    case StartPattern::kStaggered: return "staggered";
    case StartPattern::kRandom: return "random";
  }
  return "together";
}
}  // namespace

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
  j["access_mbps"] = s.access_mbps;
  j["groups"] = nlohmann::ordered_json::array();
  for (const TcpGroup& g : s.groups) {
    j["groups"].push_back({{"kind", "tcp"},
                           {"count", g.count},
                           {"rtt_ms", {{"min", g.rtt_min_ms}, {"max", g.rtt_max_ms}}},
                           {"rtt_spread", SpreadName(g.spread)},
                           {"start", StartName(g.start)},
                           {"start_window_s", g.start_window_s},
                           {"ecn", g.ecn},
                           {"variant", g.newreno ? "newreno" : "reno"}});
  }
  j["sides"] = nlohmann::ordered_json::array();
  for (const SideSpec& side : s.sides) {
    nlohmann::ordered_json params = nlohmann::ordered_json::object();
    for (const auto& [k, v] : side.params) params[k] = v;
    j["sides"].push_back({{"name", side.name}, {"aqm", side.aqm}, {"params", params}});
  }
  j["events"] = nlohmann::ordered_json::array();
  for (const TimelineEvent& e : s.events) {
    nlohmann::ordered_json ej = {{"at_s", e.at_s}};
    switch (e.kind) {
      case EventKind::kSetFlows:
        ej["kind"] = "set_flows";
        ej["group"] = e.group;
        ej["count"] = e.count;
        break;
      case EventKind::kSetParam:
        ej["kind"] = "set_param";
        if (e.side >= 0) ej["side"] = e.side;
        ej["name"] = e.name;
        ej["value"] = e.value;
        break;
      case EventKind::kSetCapacity:
        ej["kind"] = "set_capacity";
        ej["mbps"] = e.mbps;
        break;
    }
    j["events"].push_back(ej);
  }
  return j.dump(2);
}

Scenario DefaultScenario() {
  Scenario s;
  s.groups = {TcpGroup{}};
  s.sides = {SideSpec{"Drop-tail", "droptail", {}}, SideSpec{"RED", "red", {}}};
  return s;
}

}  // namespace aqmlab
