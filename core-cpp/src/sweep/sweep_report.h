// `aqmlab report` and the page's sweepReport: per point x side, each
// metric's mean, standard deviation and 95% Student-t confidence interval
// over the seeds.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sweep/sweep_results.h"

namespace aqmlab {

struct MetricStats {
  int64_t n = 0;  // runs with a number for it (a null, e.g. never settled, is left out)
  // NaN (null in JSON) when undefined: every field at n = 0; sd and the
  // interval at n = 1.
  double mean, sd, ci_low, ci_high;
};

struct ReportRow {
  nlohmann::ordered_json point;
  int64_t side_index = 0;
  std::string side, aqm;
  int64_t runs = 0;    // result lines of this point and side
  int64_t failed = 0;  // of which ended in an error
  // Flattened summary paths ("mean_queue_pkts", "short_flows.mean_s",
  // "classes.web.goodput_mbps", "hop2.utilisation"), in first-seen order.
  std::vector<std::pair<std::string, MetricStats>> metrics;
};

// Two-sided 95% interval: mean -+ t(0.975, n - 1) sd / sqrt(n).
MetricStats StatsOf(const std::vector<double>& values);

// Builds the report a line at a time, in run order (sorted: SortResults),
// holding only the current point's values: each point's rows are ready as
// soon as a line of another point arrives. A point's runs are neighbours
// in any one sweep, so a point seen again after another is an error
// (results of two sweeps mixed).
class ReportBuilder {
 public:
  Status Add(const ResultLine& line);
  // Rows finished so far (moved out), then, after Finish, the last ones.
  std::vector<ReportRow> TakeRows();
  void Finish();

 private:
  struct Acc {
    ReportRow row;
    std::vector<std::pair<std::string, std::vector<double>>> values;
    std::map<std::string, size_t> slot;
  };
  void FlushPoint();
  std::string point_;          // the current point, as JSON text
  std::vector<Acc> accs_;      // its sides, in first-seen order
  std::set<std::string> done_;  // the points flushed
  std::vector<ReportRow> rows_;
};

// The report of `lines` (sorted: SortResults); rows by point then side, as
// the runs are.
Result<std::vector<ReportRow>> BuildReport(const std::vector<ResultLine>& lines);

// One JSON object a row, as text: {"point":..,"side":..,"aqm":..,"runs":..,
// "failed":..,"metrics":{"<name>":{"n","mean","sd","ci_low","ci_high"}}};
// written in time linear in the metrics.
std::string ReportRowText(const ReportRow& row);

}  // namespace aqmlab
