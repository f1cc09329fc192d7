#include "scenario/event_spec.h"

#include <algorithm>
#include <numeric>

#include "aqm/registry.h"
#include "scenario/json_text.h"
#include "scenario/param_values.h"
#include "sim/format.h"

namespace aqmlab {

std::string Indexed(const std::string& path, size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

// JsonReader's range message, for checks made outside a reader.
std::string OutOfRange(const std::string& field, double lo, double hi, double got) {
  return field + ": must be in [" + FormatNumber(lo) + ", " + FormatNumber(hi) + "], got " +
         FormatNumber(got);
}

namespace {

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
        if (spec.name != e.name) continue;
        if (Status st = CheckParamValue(spec, e.value); !st.ok()) return {path + ".value: " + st.error};
        return {};
      }
      if (e.side < 0) continue;  // the refusal for every side lists no names
      const std::string names = ParamNames(entry->describe().params);
      if (!names.empty()) known += (known.empty() ? "" : ", ") + names;
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


}  // namespace

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

// Reads one event's fields with their types and ranges, then, when they
// read fine and `checks` (the scenario's groups and sides read fine), runs
// CheckEvent.
void ReadEvent(const Json& j, const std::string& path, Problems* problems, const Scenario& s,
               bool needs_time, bool checks, TimelineEvent& e) {
  JsonReader r(j, path, problems);
  if (!r.ok()) return;
  if (needs_time) r.Number("at_s", e.at_s, 0, s.duration_s);
  std::string kind;
  r.Text("kind", kind, 40);
  // The kind decides which fields an event may have.
  if (!r.Fine({"kind"})) return r.Stop();
  auto require = [&r](const char* key) {
    if (!r.Has(key)) r.Fail(r.Field(key), "is required");
  };
  // The group an event acts on: required, and checked before any use (the
  // range message comes from CheckGroupIndex, which also covers no groups).
  auto read_group = [&]() {
    require("group");
    r.Integer("group", e.group, INT64_MIN, INT64_MAX);
    if (!r.Has("group") || !r.Fine({"group"}) || !checks) return false;
    if (Status st = CheckGroupIndex(s, e.group, path); !st.ok()) {
      problems->Add(st.error);
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
    r.Integer("side", e.side, -1, checks ? static_cast<int64_t>(s.sides.size()) - 1 : INT64_MAX);
    r.Text("name", e.name, 40);
    r.Number("value", e.value, -1e12, 1e12);
    if (r.Fine({"name"}) && e.name.empty()) r.Fail(r.Field("name"), "is required");
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
      } else {
        r.Skip("rate");  // CheckEvent says the group has none
      }
    } else {
      r.Skip("rate");  // its range is the group's, which is unknown
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
    return r.Stop();
  }
  if (r.ok() && checks) {
    if (Status st = CheckEvent(e, s, path); !st.ok()) problems->Add(st.error);
  }
  r.RejectUnknown("for kind " + Quoted(kind));
}

// Flows and sources running at once stay within kMaxTotalFlows whatever the
// set_flows events do (taken in the order the simulation applies them).
void CheckTotals(const Scenario& s, Problems* problems) {
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
      problems->Add(Indexed("events", i) + ".count: would bring the flows and sources of all groups to " +
                    std::to_string(total) + " (at most " + std::to_string(kMaxTotalFlows) + ")");
      return;
    }
  }
}

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

Result<TimelineEvent> ParseEvent(std::string_view text, const Scenario& scenario) {
  Result<Json> parsed = ParseJsonText(text, "event", "event");
  if (!parsed.ok()) return Error{parsed.error()};
  const Json& j = parsed.value();
  Problems problems;
  TimelineEvent e;
  ReadEvent(j, "event", &problems, scenario, false, true, e);
  if (!problems.empty()) return Error{problems.Message()};
  return e;
}

}  // namespace aqmlab
