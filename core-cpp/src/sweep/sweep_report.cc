#include "sweep/sweep_report.h"

#include <cmath>
#include <limits>
#include <map>

#include <boost/math/distributions/students_t.hpp>

namespace aqmlab {

namespace {

using OJson = nlohmann::ordered_json;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Numeric leaves of a summary, by dotted path; a null leaf names the
// metric with no value. Entries of a list are named by their "name"
// (per-class figures), else by position.
void Flatten(const OJson& j, const std::string& prefix, std::vector<std::pair<std::string, const OJson*>>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      if (key != "name") Flatten(value, prefix.empty() ? key : prefix + "." + key, out);
    }
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) {
      auto name = j[i].is_object() ? j[i].find("name") : j[i].end();
      const bool named = j[i].is_object() && name != j[i].end() && name->is_string();
      Flatten(j[i], prefix + "." + (named ? name->get<std::string>() : std::to_string(i)), out);
    }
  } else if (j.is_number() || j.is_null()) {
    out.emplace_back(prefix, &j);
  }
}

OJson Number(double x) { return std::isfinite(x) ? OJson(x) : OJson(); }

}  // namespace

MetricStats StatsOf(const std::vector<double>& values) {
  MetricStats s{static_cast<int64_t>(values.size()), kNaN, kNaN, kNaN, kNaN};
  if (values.empty()) return s;
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / static_cast<double>(values.size());
  if (values.size() < 2) return s;
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  const double n = static_cast<double>(values.size());
  s.sd = std::sqrt(squares / (n - 1));
  const boost::math::students_t dist(n - 1);
  const double half = boost::math::quantile(dist, 0.975) * s.sd / std::sqrt(n);
  s.ci_low = s.mean - half;
  s.ci_high = s.mean + half;
  return s;
}

std::vector<ReportRow> BuildReport(const std::vector<ResultLine>& lines) {
  struct Acc {
    ReportRow row;
    std::vector<std::pair<std::string, std::vector<double>>> values;
    std::map<std::string, size_t> slot;
  };
  std::vector<Acc> accs;
  std::map<std::string, size_t> index;  // point + side -> accs
  for (const ResultLine& l : lines) {
    const OJson& j = l.json;
    const std::string key = j["point"].dump() + "\n" + std::to_string(l.side_index);
    auto [it, fresh] = index.emplace(key, accs.size());
    if (fresh) {
      Acc a;
      a.row.point = j["point"];
      a.row.side_index = l.side_index;
      a.row.side = j.contains("side") && j["side"].is_string() ? j["side"].get<std::string>() : "";
      a.row.aqm = j.contains("aqm") && j["aqm"].is_string() ? j["aqm"].get<std::string>() : "";
      accs.push_back(std::move(a));
    }
    Acc& a = accs[it->second];
    ++a.row.runs;
    if (!j.contains("summary")) {
      ++a.row.failed;
      continue;
    }
    std::vector<std::pair<std::string, const OJson*>> leaves;
    Flatten(j["summary"], "", leaves);
    for (const auto& [name, value] : leaves) {
      auto [s, added] = a.slot.emplace(name, a.values.size());
      if (added) a.values.emplace_back(name, std::vector<double>{});
      if (value->is_number() && std::isfinite(value->get<double>())) {
        a.values[s->second].second.push_back(value->get<double>());
      }
    }
  }
  std::vector<ReportRow> rows;
  for (Acc& a : accs) {
    for (const auto& [name, values] : a.values) a.row.metrics.emplace_back(name, StatsOf(values));
    rows.push_back(std::move(a.row));
  }
  return rows;
}

OJson ReportRowJson(const ReportRow& row) {
  OJson j = {{"point", row.point}, {"side", row.side}, {"aqm", row.aqm}, {"runs", row.runs}, {"failed", row.failed}};
  j["metrics"] = OJson::object();
  for (const auto& [name, s] : row.metrics) {
    j["metrics"][name] = {{"n", s.n},
                          {"mean", Number(s.mean)},
                          {"sd", Number(s.sd)},
                          {"ci_low", Number(s.ci_low)},
                          {"ci_high", Number(s.ci_high)}};
  }
  return j;
}

}  // namespace aqmlab
