// libFuzzer target: sweep files and sweep results (core-cpp/SWEEP.md). The
// input goes whole to ParseSweep and, read as a results file, to
// ParseResults -> SortResults -> BuildReport -> ReportRowText: the path of
// `aqmlab sweep --resume`, `merge`, `report` and the page's sweepReport.
// Beyond no crash and no sanitizer report, a finding is: a refusal that
// does not say why; a plan whose run count is not points x seeds, or above
// the limit, or whose first or last run's scenario does not parse (ParseSweep
// checked every run); results whose good bytes overrun the text, that are
// not sorted by run and side once sorted, or a report interval that does
// not hold its mean. See README "Reliability".
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "scenario/scenario.h"
#include "sim/problems.h"
#include "sweep/sweep_report.h"
#include "sweep/sweep_results.h"
#include "sweep/sweep_spec.h"

namespace {

// ParseSweep checks every run's scenario (about 0.2 ms each natively, a few
// times that under the sanitizers), so a grid near the 100,000-run limit
// takes tens of seconds: a hang to libFuzzer. Such grids are checked by the
// tests; the fuzzer spends its time on many small sweeps instead.
constexpr double kMaxRunsToParse = 1000;

// An upper estimate of the sweep's runs from its JSON, or 0 when it is not
// a JSON object (ParseSweep then refuses it quickly).
double EstimatedRuns(std::string_view text) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return 0;
  auto count = [](const nlohmann::json& axis) -> double {
    if (!axis.is_object()) return 1;
    if (axis.contains("values") && axis["values"].is_array()) return static_cast<double>(axis["values"].size());
    if (!axis.contains("range") || !axis["range"].is_object()) return 1;
    const auto& r = axis["range"];
    auto num = [&](const char* k) { return r.contains(k) && r[k].is_number() ? r[k].get<double>() : 0.0; };
    if (r.contains("count")) return std::max(1.0, num("count"));
    if (!r.contains("step")) return 1;  // refused: neither count nor step
    const double from = num("from"), to = num("to"), step = num("step");
    const double span = r.value("scale", "") == "log" ? std::log(std::fabs(to / from)) / std::log(std::fabs(step))
                                                       : (to - from) / step;
    return std::isfinite(span) ? std::max(1.0, span + 1) : 1e9;
  };
  double points = 1;
  const bool zip = j.contains("zip") && j["zip"] == true;
  if (j.contains("axes") && j["axes"].is_array()) {
    for (const auto& axis : j["axes"]) points = zip ? std::max(points, count(axis)) : points * count(axis);
  }
  double seeds = 1;
  if (j.contains("seeds")) seeds = j["seeds"].is_array() ? static_cast<double>(j["seeds"].size()) : j["seeds"].is_number() ? j["seeds"].get<double>() : 1;
  return points * std::max(1.0, seeds);
}

void CheckSweep(std::string_view text) {
  if (EstimatedRuns(text) > kMaxRunsToParse) return;
  auto parsed = aqmlab::ParseSweep(text);
  if (!parsed.ok()) {
    if (parsed.error().empty()) std::abort();  // a refusal always says why
    for (const std::string& line : aqmlab::ProblemLines(parsed.error())) {
      if (line.empty()) std::abort();  // each problem on a line of its own
    }
    return;
  }
  const aqmlab::SweepPlan& plan = parsed.value();
  if (plan.seeds.empty() || plan.point_count < 1 || plan.run_count > aqmlab::kMaxSweepRuns ||
      plan.run_count != plan.point_count * static_cast<int64_t>(plan.seeds.size())) {
    std::abort();
  }
  for (int64_t run : {int64_t{0}, plan.run_count - 1}) {
    auto scenario = plan.ScenarioJson(run);
    if (!scenario.ok() || !aqmlab::ParseScenario(scenario.value()).ok()) std::abort();
    (void)plan.PointJson(plan.PointOf(run)).dump();
  }
}

void CheckResults(std::string_view text) {
  auto parsed = aqmlab::ParseResults(text, "fuzz.jsonl");
  if (!parsed.ok()) {
    if (parsed.error().empty()) std::abort();
    return;
  }
  std::vector<aqmlab::ResultLine>& lines = parsed.value().lines;
  if (parsed.value().good_bytes > text.size()) std::abort();
  if (!aqmlab::SortResults(lines).ok()) return;  // two different lines for one run and side: refused, named
  for (size_t i = 1; i < lines.size(); ++i) {
    const auto& a = lines[i - 1];
    const auto& b = lines[i];
    if (a.run > b.run || (a.run == b.run && a.side_index >= b.side_index)) std::abort();
  }
  aqmlab::Result<std::vector<aqmlab::ReportRow>> rows = aqmlab::BuildReport(lines);
  if (!rows.ok()) {
    if (rows.error().empty()) std::abort();  // a refusal says why
    return;
  }
  for (const aqmlab::ReportRow& row : rows.value()) {
    for (const auto& [name, s] : row.metrics) {
      if (s.n < 0 || s.n > row.runs) std::abort();
      if (std::isfinite(s.mean) && std::isfinite(s.ci_low) && std::isfinite(s.ci_high) &&
          !(s.ci_low <= s.mean && s.mean <= s.ci_high)) {
        std::abort();
      }
    }
    (void)aqmlab::ReportRowText(row);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  CheckSweep(text);
  CheckResults(text);
  return 0;
}
