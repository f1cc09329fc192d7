// SweepPlan's indexing: which axis values and seed a run has.
#include "scenario/json_text.h"
#include "sweep/sweep_path.h"
#include "sweep/sweep_spec.h"

namespace aqmlab {

nlohmann::ordered_json SweepPlan::PointJson(int64_t point) const {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  // Row-major: the last axis varies fastest.
  int64_t rest = point;
  std::vector<size_t> pick(axes.size());
  for (size_t a = axes.size(); a-- > 0;) {
    const auto n = static_cast<int64_t>(axes[a].values.size());
    pick[a] = static_cast<size_t>(zip ? point : rest % n);
    rest /= n;
  }
  for (size_t a = 0; a < axes.size(); ++a) out[axes[a].path] = axes[a].values[pick[a]];
  return out;
}

Result<std::string> SweepPlan::ScenarioJson(int64_t run) const {
  nlohmann::ordered_json doc = base;
  const nlohmann::ordered_json point = PointJson(PointOf(run));
  for (const SweepAxis& a : axes) {
    if (Status st = SetAtPath(doc, a.path, *point.find(a.path)); !st.ok()) {
      return Error{"axes (path " + Quoted(a.path) + "): " + st.error};
    }
  }
  doc["seed"] = SeedOf(run);
  return doc.dump();
}

}  // namespace aqmlab
