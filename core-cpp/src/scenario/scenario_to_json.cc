#include <nlohmann/json.hpp>

#include "scenario/event_spec.h"
#include "scenario/group_json.h"
#include "scenario/scenario.h"

// A scenario written back as JSON (every field, defaults included), so that
// ParseScenario of the result gives the same scenario.

namespace aqmlab {

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
                         {"params", params_json(side.switch_to->params)},
                         {"keep_state", side.switch_to->keep_state}};
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
    if (s.response->tolerance_pkts) j["response"]["tolerance_pkts"] = *s.response->tolerance_pkts;
  }
  if (!s.windows.empty()) {
    j["windows"] = nlohmann::ordered_json::array();
    for (const WindowSpec& w : s.windows) {
      nlohmann::ordered_json wj = {{"name", w.name}, {"from_s", w.from_s}, {"to_s", w.to_s}};
      if (w.target_pkts) wj["target_pkts"] = *w.target_pkts;
      if (w.tolerance_pkts) wj["tolerance_pkts"] = *w.tolerance_pkts;
      j["windows"].push_back(wj);
    }
  }
  if (s.window_chart) {
    j["window_chart"] = {{"flows", nlohmann::ordered_json::array()}};
    for (const TracedFlow& f : s.window_chart->flows) {
      j["window_chart"]["flows"].push_back({{"group", f.group}, {"flow", f.flow}});
    }
  }
  return j.dump(2);
}

}  // namespace aqmlab
