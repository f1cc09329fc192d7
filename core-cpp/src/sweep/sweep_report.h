// `aqmlab report` and the page's sweepReport: per point x side, each
// metric's mean, standard deviation and 95% Student-t confidence interval
// over the seeds.
#pragma once

#include <cstdint>
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

// `lines` sorted (SortResults); rows by point then side, as the runs are.
std::vector<ReportRow> BuildReport(const std::vector<ResultLine>& lines);

// One JSON object a row: {"point":..,"side":..,"aqm":..,"runs":..,
// "failed":..,"metrics":{"<name>":{"n","mean","sd","ci_low","ci_high"}}}.
nlohmann::ordered_json ReportRowJson(const ReportRow& row);

}  // namespace aqmlab
