#include "sweep/sweep_axes.h"

#include <algorithm>
#include <cmath>

#include "scenario/event_spec.h"
#include "scenario/json_text.h"
#include "sim/format.h"
#include "sweep/sweep_path.h"

namespace aqmlab {

namespace {

// Range ends and steps: any finite number a scenario field could take.
constexpr double kRangeLimit = 1e15;

// A range value within a billionth of a whole number is that number, so
// 100..1000 in 10 steps gives whole flow counts, and 10^(k) exact ones.
nlohmann::ordered_json RangeValue(double x) {
  const double r = std::round(x);
  if (std::fabs(x - r) <= 1e-9 * std::max(1.0, std::fabs(r)) && std::fabs(r) < 9007199254740992.0) {
    return static_cast<int64_t>(r);
  }
  return x;
}

// The values are worked out only when every field read fine.
void ReadRange(const Json& j, const std::string& path, Problems* problems, std::vector<nlohmann::ordered_json>& out) {
  JsonReader r(j, path, problems);
  if (!r.ok()) return;
  for (const char* key : {"from", "to"}) {
    if (!r.Has(key)) r.Fail(r.Field(key), "is required");
  }
  if (r.Has("count") == r.Has("step")) r.Fail(r.Field("count"), "give exactly one of count and step");
  double from = 0, to = 0;
  r.Number("from", from, -kRangeLimit, kRangeLimit);
  r.Number("to", to, -kRangeLimit, kRangeLimit);
  enum class Scale { kLinear, kLog } scale = Scale::kLinear;
  r.Choice("scale", scale, {{"linear", Scale::kLinear}, {"log", Scale::kLog}});
  int64_t count = 0;
  r.Integer("count", count, 1, static_cast<int64_t>(kMaxAxisValues));
  double step = 0;
  const bool log = scale == Scale::kLog;
  // A log step is a factor (> 1): 10 gives 1, 10, 100, ...
  if (log) {
    r.Number("step", step, 1.000001, kRangeLimit);
  } else {
    r.Number("step", step, 1e-12, kRangeLimit);
  }
  r.RejectUnknown();
  if (!r.ok()) return;
  if (log && (from <= 0 || to <= 0)) return r.Fail(r.Field(from <= 0 ? "from" : "to"), "must be > 0 on a log scale");
  if (count == 1 && from != to) return r.Fail(r.Field("count"), "must be at least 2 when from != to");
  if (step > 0) {
    if (to < from) return r.Fail(r.Field("to"), "must be >= from when a step is given");
    // The values up to `to` (inclusive, with a little slack for rounding).
    const double span = log ? std::log(to / from) / std::log(step) : (to - from) / step;
    if (span + 1 > static_cast<double>(kMaxAxisValues)) {
      return r.Fail(r.Field("step"), "gives " + FormatNumber(std::floor(span + 1e-9) + 1) + " values, more than the " +
                                         std::to_string(kMaxAxisValues) + " an axis may have");
    }
    count = static_cast<int64_t>(std::floor(span + 1e-9)) + 1;
  }
  for (int64_t i = 0; i < count; ++i) {
    double x;
    if (step > 0) {
      x = log ? from * std::pow(step, static_cast<double>(i)) : from + step * static_cast<double>(i);
    } else {
      const double f = count == 1 ? 0.0 : static_cast<double>(i) / static_cast<double>(count - 1);
      x = log ? from * std::pow(to / from, f) : from + (to - from) * f;
    }
    out.push_back(RangeValue(x));
  }
}

void ReadValues(const Json& values, const std::string& path, Problems* problems,
                std::vector<nlohmann::ordered_json>& out) {
  if (!values.is_array() || values.empty()) return problems->Add(path + ": must be a non-empty array");
  if (values.size() > kMaxAxisValues) {
    return problems->Add(path + ": must have at most " + std::to_string(kMaxAxisValues) + " entries");
  }
  for (size_t i = 0; i < values.size(); ++i) {
    const Json& v = values[i];
    if (!(v.is_number() || v.is_string() || v.is_boolean())) {
      problems->Add(Indexed(path, i) + ": must be a number, a string or true/false");
      continue;
    }
    out.push_back(nlohmann::ordered_json::parse(v.dump()));
  }
}

// A value twice on one axis would run its points twice and count them
// twice in the report. Equal numbers are equal however written (5, 5.0).
void RejectRepeats(const SweepAxis& axis, const std::string& at, bool range, Problems* problems) {
  std::vector<size_t> order(axis.values.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) { return axis.values[i] < axis.values[j]; });
  for (size_t k = 1; k < order.size(); ++k) {
    const size_t first = std::min(order[k - 1], order[k]), again = std::max(order[k - 1], order[k]);
    if (axis.values[first] != axis.values[again]) continue;
    return problems->Add(range ? at + ".range: gives " + axis.values[first].dump() + " more than once (values " +
                                     std::to_string(first) + " and " + std::to_string(again) + ")"
                               : Indexed(at + ".values", again) + ": repeats " + axis.values[first].dump() + " (" +
                                     Indexed(at + ".values", first) + ")");
  }
}

}  // namespace

void ReadAxes(const Json& axes, Problems* problems, std::vector<SweepAxis>& out) {
  for (size_t i = 0; i < axes.size(); ++i) {
    const std::string at = Indexed("axes", i);
    JsonReader r(axes[i], at, problems);
    SweepAxis axis;
    if (!r.ok()) {
      out.push_back(std::move(axis));
      continue;
    }
    if (!r.Has("path")) r.Fail(r.Field("path"), "is required");
    r.Text("path", axis.path, 200);
    if (r.Has("values") == r.Has("range")) {
      r.Fail(r.Field("values"), "give exactly one of values and range");
      r.Skip("values");
      r.Skip("range");
    } else if (const Json* range = r.Object("range")) {
      ReadRange(*range, r.Field("range"), problems, axis.values);
    } else if (const Json* values = r.Array("values", kMaxAxisValues)) {
      ReadValues(*values, r.Field("values"), problems, axis.values);
    }
    r.RejectUnknown();
    // Every run sets its own seed from the sweep's `seeds`: an axis on it
    // would label points that all ran alike.
    const bool named = r.Took("path");
    if (named && axis.path == "seed") {
      r.Fail(r.Field("path"), "\"seed\" cannot be an axis (the runs' seeds come from the sweep's \"seeds\")");
    }
    for (size_t k = 0; k < out.size() && named; ++k) {
      if (out[k].path.empty()) continue;  // that axis had no path
      if (out[k].path == axis.path) {
        r.Fail(r.Field("path"), Quoted(axis.path) + " is another axis too");
        break;
      }
      if (std::string field = CommonField(out[k].path, axis.path); !field.empty()) {
        r.Fail(r.Field("path"), Quoted(axis.path) + " sets " + field + ", which " + Indexed("axes", k) + " (" +
                                    Quoted(out[k].path) + ") sets too");
        break;
      }
    }
    if (r.ok()) RejectRepeats(axis, at, r.Has("range"), problems);
    out.push_back(std::move(axis));
  }
}

}  // namespace aqmlab
