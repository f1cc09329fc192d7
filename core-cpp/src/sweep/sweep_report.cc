#include "sweep/sweep_report.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include <boost/math/distributions/students_t.hpp>

namespace aqmlab {

namespace {

using OJson = nlohmann::ordered_json;

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
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  MetricStats s{static_cast<int64_t>(values.size()), kNaN, kNaN, kNaN, kNaN};
  if (values.empty()) return s;
  const double n = static_cast<double>(values.size());
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / n;
  // Finite values whose sum overflows: the mean of the values scaled by
  // 1/n (the plain sum above stays the rule, so other reports keep their
  // bits).
  if (!std::isfinite(s.mean)) {
    s.mean = 0;
    for (double v : values) s.mean += v / n;
  }
  if (values.size() < 2) return s;
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  s.sd = std::sqrt(squares / (n - 1));
  if (!std::isfinite(s.sd)) {
    // Squares beyond the largest double: the same sum over deviations
    // scaled by the largest one.
    double scale = 0;
    for (double v : values) scale = std::max(scale, std::fabs(v / 2 - s.mean / 2));
    squares = 0;
    for (double v : values) squares += ((v / 2 - s.mean / 2) / scale) * ((v / 2 - s.mean / 2) / scale);
    s.sd = 2 * scale * std::sqrt(squares / (n - 1));
  }
  const boost::math::students_t dist(n - 1);
  const double half = boost::math::quantile(dist, 0.975) * s.sd / std::sqrt(n);
  s.ci_low = s.mean - half;
  s.ci_high = s.mean + half;
  return s;
}

Status ReportBuilder::Add(const ResultLine& l) {
  const OJson& j = l.json;
  std::string point = j["point"].dump();
  if (point != point_) {
    FlushPoint();
    if (done_.count(point)) {
      return {l.where + ": run " + std::to_string(l.run) + " has point " + point +
              " again, after other points (a report is of one sweep's results)"};
    }
    point_ = std::move(point);
  }
  auto it = std::find_if(accs_.begin(), accs_.end(), [&](const Acc& a) { return a.row.side_index == l.side_index; });
  if (it == accs_.end()) {
    Acc a;
    a.row.point = j["point"];
    a.row.side_index = l.side_index;
    a.row.side = j.contains("side") && j["side"].is_string() ? j["side"].get<std::string>() : "";
    a.row.aqm = j.contains("aqm") && j["aqm"].is_string() ? j["aqm"].get<std::string>() : "";
    accs_.push_back(std::move(a));
    it = accs_.end() - 1;
  }
  Acc& a = *it;
  ++a.row.runs;
  if (!j.contains("summary")) {
    ++a.row.failed;
    return Status::Ok();
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
  return Status::Ok();
}

void ReportBuilder::FlushPoint() {
  if (accs_.empty()) return;
  for (Acc& a : accs_) {
    for (const auto& [name, values] : a.values) a.row.metrics.emplace_back(name, StatsOf(values));
    rows_.push_back(std::move(a.row));
  }
  accs_.clear();
  done_.insert(point_);
}

void ReportBuilder::Finish() { FlushPoint(); }

std::vector<ReportRow> ReportBuilder::TakeRows() { return std::exchange(rows_, {}); }

Result<std::vector<ReportRow>> BuildReport(const std::vector<ResultLine>& lines) {
  ReportBuilder builder;
  for (const ResultLine& l : lines) {
    if (Status st = builder.Add(l); !st.ok()) return Error{st.error};
  }
  builder.Finish();
  return builder.TakeRows();
}

std::string ReportRowText(const ReportRow& row) {
  const OJson head = {{"point", row.point}, {"side", row.side}, {"aqm", row.aqm}, {"runs", row.runs}, {"failed", row.failed}};
  std::string text = head.dump();
  text.pop_back();  // its closing brace: the metrics follow
  text += ",\"metrics\":{";
  for (size_t i = 0; i < row.metrics.size(); ++i) {
    const auto& [name, s] = row.metrics[i];
    const OJson stats = {{"n", s.n},
                         {"mean", Number(s.mean)},
                         {"sd", Number(s.sd)},
                         {"ci_low", Number(s.ci_low)},
                         {"ci_high", Number(s.ci_high)}};
    if (i > 0) text += ',';
    text += OJson(name).dump() + ":" + stats.dump();
  }
  return text + "}}";
}

}  // namespace aqmlab
