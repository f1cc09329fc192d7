#include "scenario/scenario.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "aqm/registry.h"
#include "scenario/group_json.h"
#include "scenario/json_reader.h"
#include "scenario/event_spec.h"
#include "scenario/json_text.h"
#include "scenario/param_values.h"
#include "scenario/window_chart_spec.h"
#include "scenario/window_spec.h"
#include "sim/format.h"

namespace aqmlab {

namespace {

// Reads `aqm` and `params` (a side's, or its switch_to's) and checks the
// parameters against the discipline's table with the link's figures. An
// unknown discipline stops the object: its other fields mean nothing then.
const AqmEntry* ReadDiscipline(JsonReader& r, const LinkContext& link, std::string& aqm,
                               ParamOverrides& out) {
  r.Text("aqm", aqm, 40);
  const Json* params = r.Object("params");
  if (!r.Fine({"aqm"})) {
    r.Stop();
    return nullptr;
  }
  const AqmEntry* entry = FindAqm(aqm);
  if (!entry) {
    r.Fail(r.Field("aqm"), "unknown discipline " + Quoted(aqm) + " (known: " + AqmNames() + ")");
    r.Stop();
    return nullptr;
  }
  // The discipline's own check (RED's min_th below max_th) needs every value read.
  if (ReadParamValues(r, "params", params, entry->describe().params, out)) {
    ReportParamStatus(r, "params", entry->check(link, out));
  }
  return entry;
}

void ReadSwitch(JsonReader& parent, Problems* problems, const Scenario& s, SideSpec& side) {
  const Json* sw = parent.Object("switch_to");
  if (!sw) return;
  if (s.topology.parking_lot()) {
    return parent.Fail(parent.Field("switch_to"), "only with topology.kind \"dumbbell\"");
  }
  JsonReader r(*sw, parent.Field("switch_to"), problems);
  AqmSwitch to;
  if (!r.Has("at_s")) r.Fail(r.Field("at_s"), "is required");
  r.Number("at_s", to.at_s, 0, s.duration_s);
  r.Boolean("keep_state", to.keep_state);
  ReadDiscipline(r, SideHop(s, side, 1).link, to.aqm, to.params);
  r.RejectUnknown();
  if (r.ok()) side.switch_to = std::move(to);
}

void ReadSide(const Json& j, const std::string& path, Problems* problems, const Scenario& s,
              SideSpec& side) {
  JsonReader r(j, path, problems);
  r.Text("name", side.name, 40);
  r.Integer("buffer_pkts", side.buffer_pkts, 1, 1000000);
  const size_t before = problems->size();
  const AqmEntry* entry = ReadDiscipline(r, SideHop(s, side, 1).link, side.aqm, side.params);
  if (!entry) return;
  const bool params_fine = problems->size() == before;
  ReadSwitch(r, problems, s, side);
  r.RejectUnknown();
  if (side.name.empty()) side.name = std::string(entry->describe().label);
  // The side's discipline runs at a parking lot's second hop too, with that
  // link's figures: the parameters must suit both.
  if (!s.topology.parking_lot() || !params_fine) return;
  ReportParamStatus(r, "params", entry->check(ScenarioHop(s, 2).link, side.params), " (at topology.hop2)");
}

void ReadTopology(JsonReader& r, Problems* problems, Scenario& s) {
  const Json* t = r.Object("topology");
  // The second hop defaults to the bottleneck's figures.
  s.topology.hop2_capacity_mbps = s.capacity_mbps;
  s.topology.hop2_delay_ms = s.delay_ms;
  s.topology.hop2_buffer_pkts = s.buffer_pkts;
  if (!t) return;
  JsonReader tr(*t, "topology", problems);
  tr.Choice<TopologyKind>("kind", s.topology.kind,
                          {{"dumbbell", TopologyKind::kDumbbell}, {"parking_lot", TopologyKind::kParkingLot}});
  if (!tr.Fine({"kind"})) return tr.Stop();
  if (s.topology.parking_lot()) {
    if (const Json* h = tr.Object("hop2")) {
      JsonReader hr(*h, tr.Field("hop2"), problems);
      hr.Number("capacity_mbps", s.topology.hop2_capacity_mbps, kMinCapacityMbps, kMaxCapacityMbps);
      hr.Number("delay_ms", s.topology.hop2_delay_ms, 0, kMaxDelayMs);
      hr.Integer("buffer_pkts", s.topology.hop2_buffer_pkts, 1, 1000000);
      hr.RejectUnknown();
      if (!hr.Fine({"delay_ms"})) s.topology.hop2_delay_ms = 0;  // as bottleneck.delay_ms
    }
  }
  tr.RejectUnknown("for kind \"" + std::string(s.topology.parking_lot() ? "parking_lot" : "dumbbell") + "\"");
}

void ReadResponse(JsonReader& r, Problems* problems, Scenario& s) {
  const Json* resp = r.NullableObject("response");
  if (!resp) return;
  JsonReader rr(*resp, "response", problems);
  ResponseSpec spec;
  rr.Number("target_pkts", spec.target_pkts, 1, 1000000);
  rr.Number("from_s", spec.from_s, 0, s.duration_s);
  rr.Number("deviation_tolerance", spec.deviation_tolerance, 0.01, 10);
  rr.Number("tolerance_pkts", spec.tolerance_pkts, 0.001, 1000000);
  if (!rr.Has("target_pkts")) rr.Fail(rr.Field("target_pkts"), "is required");
  rr.RejectUnknown();
  if (rr.ok()) s.response = spec;
}

void ReadBottleneck(JsonReader& r, Problems* problems, Scenario& s) {
  const Json* b = r.Object("bottleneck");
  if (!b) return;
  JsonReader br(*b, "bottleneck", problems);
  br.Number("capacity_mbps", s.capacity_mbps, kMinCapacityMbps, kMaxCapacityMbps);
  br.Number("delay_ms", s.delay_ms, 0, kMaxDelayMs);
  br.Integer("buffer_pkts", s.buffer_pkts, 1, 1000000);
  br.Integer("packet_bytes", s.packet_bytes, 40, 9000);
  br.Boolean("ecn", s.ecn);
  br.Number("ecn_mark_p", s.ecn_mark_p, 0, 1);
  br.RejectUnknown();
  // As for the duration: a refused delay is taken at its least, so the
  // groups' round-trip times are not refused against it too.
  if (!br.Fine({"delay_ms"})) s.delay_ms = 0;
}

void ReadGroups(JsonReader& r, Problems* problems, Scenario& s) {
  const Json* groups = r.Array("groups", kMaxGroups);
  if (!groups) {
    if (r.Fine({"groups"})) s.groups.push_back(GroupSpec{});
    return;
  }
  const GroupContext ctx{s.duration_s, s.delay_ms, s.topology.parking_lot(), s.topology.hop2_delay_ms};
  int64_t total = 0;
  const size_t before = problems->size();
  for (size_t i = 0; i < groups->size(); ++i) {
    GroupSpec g;
    ReadGroup((*groups)[i], Indexed("groups", i), problems, ctx, g);
    total += g.count;
    s.groups.push_back(g);
  }
  if (problems->size() == before && total > kMaxTotalFlows) {
    r.Fail("groups", "at most " + std::to_string(kMaxTotalFlows) + " flows and sources in all, got " +
                         std::to_string(total));
  }
}

void ReadSides(JsonReader& r, Problems* problems, Scenario& s) {
  const Json* sides = r.Array("sides", kMaxSides);
  if (!sides) {
    if (r.Fine({"sides"})) s.sides = DefaultScenario().sides;
    return;
  }
  if (sides->empty()) r.Fail("sides", "must name at least one discipline");
  for (size_t i = 0; i < sides->size(); ++i) {
    SideSpec side;
    ReadSide((*sides)[i], Indexed("sides", i), problems, s, side);
    s.sides.push_back(side);
  }
}

}  // namespace

Result<Scenario> ParseScenario(std::string_view text) {
  Result<Json> parsed = ParseJsonText(text, "scenario", "");
  if (!parsed.ok()) return Error{parsed.error()};
  const Json& j = parsed.value();
  Problems problems;
  Scenario s;
  s.groups.clear();
  JsonReader r(j, "", &problems);
  r.Integer("version", s.version, 1, 1);
  int64_t seed = 1;
  r.Integer("seed", seed, 0, (int64_t{1} << 53));
  s.seed = static_cast<uint64_t>(seed);
  r.Number("duration_s", s.duration_s, 0.1, 86400);
  r.Number("sample_interval_ms", s.sample_interval_ms, 1, 10000);
  r.Number("warmup_s", s.warmup_s, 0, 86400);
  if (r.Fine({"duration_s", "warmup_s"}) && s.warmup_s >= s.duration_s) {
    r.Fail("warmup_s", "must be below duration_s (" + FormatNumber(s.duration_s) + ")");
  }
  // A refused duration bounds the times checked against it at its widest,
  // so the one mistake is not reported again at each of them.
  if (!r.Fine({"duration_s"})) s.duration_s = 86400;
  ReadBottleneck(r, &problems, s);
  r.Number("access_mbps", s.access_mbps, 0.01, 1000000);
  ReadTopology(r, &problems, s);
  // Events name groups and sides by index: checked against them only when
  // the lists read fine.
  const size_t before_lists = problems.size();
  ReadGroups(r, &problems, s);
  ReadSides(r, &problems, s);
  const bool lists_fine = problems.size() == before_lists;
  if (const Json* events = r.Array("events", 10000)) {
    for (size_t i = 0; i < events->size(); ++i) {
      TimelineEvent e;
      ReadEvent((*events)[i], Indexed("events", i), &problems, s, true, lists_fine, e);
      s.events.push_back(e);
    }
    if (problems.empty()) CheckTotals(s, &problems);
  }
  ReadResponse(r, &problems, s);
  ReadWindows(r, &problems, s.duration_s, s.windows);
  // The traced flows are checked against the groups only when those read fine.
  if (lists_fine) {
    ReadWindowChart(r, &problems, s.groups, s.window_chart);
  } else {
    r.NullableObject("window_chart");
  }
  r.RejectUnknown();
  if (!problems.empty()) return Error{problems.Message()};
  return s;
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
