#include "scenario/window_chart_spec.h"

#include "scenario/event_spec.h"

namespace aqmlab {

namespace {

void ReadTracedFlow(const Json& j, const std::string& path, Problems* problems,
                    const std::vector<GroupSpec>& groups, const std::vector<TracedFlow>& earlier,
                    TracedFlow& f) {
  JsonReader r(j, path, problems);
  if (!r.ok()) return;
  if (!r.Has("group")) r.Fail(r.Field("group"), "is required");
  r.Integer("group", f.group, 0, static_cast<int64_t>(groups.size()) - 1);
  // The flow's range is its group's: checked only once the group is known good.
  const GroupSpec* g = r.Took("group") ? &groups[static_cast<size_t>(f.group)] : nullptr;
  if (g && g->kind() != GroupKind::kTcp) {
    r.Fail(r.Field("group"), "must name a long-lived TCP group (kind \"tcp\"); groups[" +
                                 std::to_string(f.group) + "] is \"" + GroupKindName(g->kind()) + "\"");
    g = nullptr;
  } else if (g && g->count == 0) {
    r.Fail(r.Field("group"), "names groups[" + std::to_string(f.group) + "], which has no flows");
    g = nullptr;
  }
  if (g) {
    r.Integer("flow", f.flow, 0, g->count - 1);
  } else {
    r.Skip("flow");
  }
  r.RejectUnknown();
  for (const TracedFlow& e : earlier) {
    if (r.ok() && e == f) return r.Fail(path, "names the same flow as an earlier entry");
  }
}

}  // namespace

void ReadWindowChart(JsonReader& r, Problems* problems, const std::vector<GroupSpec>& groups,
                     std::optional<WindowChartSpec>& out) {
  const Json* chart = r.NullableObject("window_chart");
  if (!chart) return;
  JsonReader cr(*chart, "window_chart", problems);
  WindowChartSpec spec;
  if (const Json* flows = cr.Array("flows", kMaxTracedFlows)) {
    if (flows->empty()) cr.Fail(cr.Field("flows"), "must name at least one flow (or be left out)");
    for (size_t i = 0; i < flows->size(); ++i) {
      TracedFlow f;
      ReadTracedFlow((*flows)[i], Indexed(cr.Field("flows"), i), problems, groups, spec.flows, f);
      spec.flows.push_back(f);
    }
  } else if (cr.Fine({"flows"})) {
    for (size_t g = 0; g < groups.size() && spec.flows.size() < kMaxTracedFlows; ++g) {
      if (groups[g].kind() == GroupKind::kTcp && groups[g].count > 0) {
        spec.flows.push_back(TracedFlow{static_cast<int64_t>(g), 0});
      }
    }
    if (spec.flows.empty()) {
      cr.Fail("window_chart", "needs a long-lived TCP group (kind \"tcp\") with flows to trace");
    }
  }
  cr.RejectUnknown();
  if (cr.ok()) out = std::move(spec);
}

}  // namespace aqmlab
