// `aqmlab report --plot fig.svg`: a sweep's figure as SVG. One metric
// against one axis, a line per side (and per value of any other axis), the
// mean at each point with its 95% interval as whiskers; runs whose metric
// has no value (a response time that never settled) are drawn as censored
// marks at the top rather than dropped. The file's <metadata> holds what
// it shows (axis, metric, seeds, points, sides, inputs) as JSON.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sweep/sweep_report.h"

namespace aqmlab {

struct PlotOptions {
  std::string x;          // axis path; empty: the points' first axis
  std::string y;          // metric; empty: the rows' first metric
  std::string x_label;    // empty: the path (times the scale, when not 1)
  std::string y_label;    // empty: the metric
  double x_scale = 1;     // plotted x = value x scale (LRED's N = 5 x groups[*].count)
  bool log_x = false;
  bool log_y = false;
  std::string censored_label;  // what a censored mark says, e.g. "> 200 s"; default "no value"
  std::vector<std::string> inputs;  // the results files, for the metadata
};

// Collects the report's rows (call with each batch, in order).
class ReportPlot {
 public:
  explicit ReportPlot(PlotOptions options) : options_(std::move(options)) {}
  void Add(const std::vector<ReportRow>& rows);
  // The SVG document, or an error naming the option at fault.
  Result<std::string> Svg() const;

 private:
  struct Point {
    double x;
    MetricStats y;
    int64_t runs, failed;
  };
  struct Series {
    std::string label;
    std::vector<Point> points;
  };
  PlotOptions options_;
  std::vector<Series> series_;
  std::vector<std::string> axes_;  // of the first row
  std::string error_;
  int64_t max_seeds_ = 0, points_ = 0;
};

}  // namespace aqmlab
