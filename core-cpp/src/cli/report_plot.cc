#include "cli/report_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace aqmlab {

namespace {

using OJson = nlohmann::ordered_json;

// The figure's frame, in SVG user units.
constexpr double kWidth = 720, kHeight = 440;
constexpr double kLeft = 78, kRight = 170, kTop = 36, kBottom = 58;
constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};

std::string Escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string Num(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", x);
  return text;
}

// A scale from data to pixels, linear or log10.
struct Scale {
  double lo, hi, from, to;
  bool log;
  double operator()(double v) const {
    const double a = log ? std::log10(lo) : lo, b = log ? std::log10(hi) : hi, x = log ? std::log10(v) : v;
    return b == a ? (from + to) / 2 : from + (x - a) / (b - a) * (to - from);
  }
  // Tick values: 1-2-5 steps (about six), or each decade on a log scale.
  std::vector<double> Ticks() const {
    std::vector<double> t;
    if (log) {
      for (double d = std::pow(10, std::floor(std::log10(lo))); d <= hi * 1.0000001; d *= 10) {
        if (d >= lo * 0.9999999) t.push_back(d);
      }
      if (t.size() >= 2) return t;
      t.clear();  // less than a decade: linear ticks read better
    }
    const double span = hi - lo, raw = span > 0 ? span / 6 : std::max(std::fabs(lo), 1.0);
    const double mag = std::pow(10, std::floor(std::log10(raw)));
    const double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
    for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) t.push_back(std::fabs(v) < step * 1e-9 ? 0 : v);
    return t;
  }
};

// The data's extent with a margin; a log extent stays positive.
void Extent(std::vector<double> values, bool log, double& lo, double& hi) {
  lo = *std::min_element(values.begin(), values.end());
  hi = *std::max_element(values.begin(), values.end());
  if (log) {
    const double pad = std::pow(hi / lo, 0.05);
    lo /= pad == 1 ? 2 : pad;
    hi *= pad == 1 ? 2 : pad;
    return;
  }
  const double pad = hi > lo ? (hi - lo) * 0.05 : std::max(std::fabs(lo) * 0.1, 1.0);
  lo -= pad;
  hi += pad;
}

}  // namespace

void ReportPlot::Add(const std::vector<ReportRow>& rows) {
  for (const ReportRow& row : rows) {
    if (!error_.empty()) return;
    if (axes_.empty()) {
      for (const auto& [path, value] : row.point.items()) axes_.push_back(path);
      if (options_.x.empty() && !axes_.empty()) options_.x = axes_[0];
      if (options_.y.empty() && !row.metrics.empty()) options_.y = row.metrics[0].first;
    }
    auto xv = row.point.find(options_.x);
    if (xv == row.point.end()) {
      std::string list;
      for (const std::string& a : axes_) list += (list.empty() ? "" : ", ") + a;
      error_ = "--x: " + options_.x + " is no axis of these results (" + list + ")";
      return;
    }
    if (!xv->is_number()) {
      error_ = "--x: " + options_.x + " has the value " + xv->dump() + ", not a number";
      return;
    }
    auto m = std::find_if(row.metrics.begin(), row.metrics.end(), [&](const auto& p) { return p.first == options_.y; });
    MetricStats stats{0, std::numeric_limits<double>::quiet_NaN(), 0, 0, 0};
    stats.sd = stats.ci_low = stats.ci_high = stats.mean;
    if (m != row.metrics.end()) stats = m->second;
    // A line per side and per value of the other axes.
    std::string label = row.side;
    for (const auto& [path, value] : row.point.items()) {
      if (path != options_.x) label += ", " + path + " = " + (value.is_string() ? value.get<std::string>() : value.dump());
    }
    auto s = std::find_if(series_.begin(), series_.end(), [&](const Series& e) { return e.label == label; });
    if (s == series_.end()) {
      series_.push_back({label, {}});
      s = series_.end() - 1;
    }
    s->points.push_back({xv->get<double>() * options_.x_scale, stats, row.runs, row.failed});
    max_seeds_ = std::max(max_seeds_, row.runs);
    ++points_;
  }
}

Result<std::string> ReportPlot::Svg() const {
  if (!error_.empty()) return Error{error_};
  if (series_.empty()) return Error{"--plot: the results have no rows to draw"};
  std::vector<double> xs, ys;
  bool any_metric = false;
  for (const Series& s : series_) {
    for (const Point& p : s.points) {
      if (options_.log_x && !(p.x > 0)) return Error{"--log-x: " + options_.x + " has " + Num(p.x) + ", not > 0"};
      xs.push_back(p.x);
      for (double v : {p.y.mean, p.y.ci_low, p.y.ci_high}) {
        if (!std::isfinite(v)) continue;
        if (options_.log_y && !(v > 0)) continue;  // an interval reaching 0 is clipped on a log axis
        ys.push_back(v);
      }
      any_metric = any_metric || p.y.n > 0;
    }
  }
  if (!any_metric) return Error{"--y: " + options_.y + " has no value at any point"};
  if (ys.empty()) return Error{"--log-y: " + options_.y + " has no value > 0"};
  double x0, x1, y0, y1;
  Extent(xs, options_.log_x, x0, x1);
  Extent(ys, options_.log_y, y0, y1);
  const Scale sx{x0, x1, kLeft, kWidth - kRight, options_.log_x};
  const Scale sy{y0, y1, kHeight - kBottom, kTop, options_.log_y};
  const std::string x_label = !options_.x_label.empty() ? options_.x_label
                              : options_.x_scale != 1  ? Num(options_.x_scale) + " x " + options_.x
                                                       : options_.x;
  const std::string y_label = options_.y_label.empty() ? options_.y : options_.y_label;
  const std::string censored = options_.censored_label.empty() ? "no value" : options_.censored_label;

  OJson meta = {{"generator", "aqmlab report --plot"}, {"x", options_.x},          {"x_scale", options_.x_scale},
                {"x_label", x_label},                  {"y", options_.y},          {"y_label", y_label},
                {"log_x", options_.log_x},              {"log_y", options_.log_y},  {"seeds", max_seeds_},
                {"points", points_},                    {"inputs", options_.inputs}};
  meta["series"] = OJson::array();
  for (const Series& s : series_) meta["series"].push_back(s.label);
  const std::string description = y_label + " against " + x_label + ": mean and 95% confidence interval over " +
                                  std::to_string(max_seeds_) + " seeds at each of " + std::to_string(points_) +
                                  " points x sides; " + censored + " marks runs whose " + options_.y + " has no value";
  std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Num(kWidth) + "\" height=\"" + Num(kHeight) +
         "\" viewBox=\"0 0 " + Num(kWidth) + " " + Num(kHeight) + "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  svg += "<title>" + Escape(y_label + " against " + x_label) + "</title>\n";
  svg += "<desc>" + Escape(description) + "</desc>\n";
  svg += "<metadata>" + Escape(meta.dump()) + "</metadata>\n";
  svg += "<rect x=\"0\" y=\"0\" width=\"" + Num(kWidth) + "\" height=\"" + Num(kHeight) + "\" fill=\"white\"/>\n";
  // Axes, ticks and grid.
  const double px0 = kLeft, px1 = kWidth - kRight, py0 = kHeight - kBottom, py1 = kTop;
  svg += "<g class=\"axes\" stroke=\"#444\" fill=\"none\"><path d=\"M" + Num(px0) + " " + Num(py1) + "V" + Num(py0) +
         "H" + Num(px1) + "\"/></g>\n<g class=\"ticks\">\n";
  for (double t : sx.Ticks()) {
    svg += "<line x1=\"" + Num(sx(t)) + "\" x2=\"" + Num(sx(t)) + "\" y1=\"" + Num(py0) + "\" y2=\"" + Num(py0 + 5) +
           "\" stroke=\"#444\"/><text class=\"x-tick\" x=\"" + Num(sx(t)) + "\" y=\"" + Num(py0 + 18) +
           "\" text-anchor=\"middle\">" + Num(t) + "</text>\n";
  }
  for (double t : sy.Ticks()) {
    svg += "<line x1=\"" + Num(px0 - 5) + "\" x2=\"" + Num(px1) + "\" y1=\"" + Num(sy(t)) + "\" y2=\"" + Num(sy(t)) +
           "\" stroke=\"#ddd\"/><text class=\"y-tick\" x=\"" + Num(px0 - 8) + "\" y=\"" + Num(sy(t) + 4) +
           "\" text-anchor=\"end\">" + Num(t) + "</text>\n";
  }
  svg += "</g>\n<text class=\"x-label\" x=\"" + Num((px0 + px1) / 2) + "\" y=\"" + Num(kHeight - 14) +
         "\" text-anchor=\"middle\">" + Escape(x_label + (options_.log_x ? " (log scale)" : "")) + "</text>\n";
  svg += "<text class=\"y-label\" transform=\"translate(18 " + Num((py0 + py1) / 2) +
         ") rotate(-90)\" text-anchor=\"middle\">" + Escape(y_label + (options_.log_y ? " (log scale)" : "")) +
         "</text>\n";
  // Series: the line through the means, whiskers, and censored marks.
  for (size_t k = 0; k < series_.size(); ++k) {
    const Series& s = series_[k];
    const std::string colour = kColours[k % std::size(kColours)];
    std::vector<Point> pts = s.points;
    std::sort(pts.begin(), pts.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
    svg += "<g class=\"series\" data-label=\"" + Escape(s.label) + "\" stroke=\"" + colour + "\" fill=\"" + colour +
           "\">\n";
    std::string path;
    for (const Point& p : pts) {
      if (!std::isfinite(p.y.mean) || (options_.log_y && p.y.mean <= 0)) continue;
      path += (path.empty() ? "M" : "L") + Num(sx(p.x)) + " " + Num(sy(p.y.mean));
    }
    if (!path.empty()) svg += "<path d=\"" + path + "\" fill=\"none\" stroke-width=\"1.5\"/>\n";
    for (const Point& p : pts) {
      const double x = sx(p.x);
      if (std::isfinite(p.y.mean) && !(options_.log_y && p.y.mean <= 0)) {
        if (std::isfinite(p.y.ci_low) && std::isfinite(p.y.ci_high)) {
          // Clipped to the plot: an interval reaching 0 on a log axis ends at its edge.
          const double lo = options_.log_y && p.y.ci_low <= 0 ? py0 : std::min(py0, sy(p.y.ci_low));
          const double hi = std::max(py1, sy(p.y.ci_high));
          svg += "<path class=\"ci\" d=\"M" + Num(x) + " " + Num(lo) + "V" + Num(hi) + "M" + Num(x - 4) + " " + Num(lo) +
                 "h8M" + Num(x - 4) + " " + Num(hi) + "h8\" fill=\"none\"/>\n";
        }
        svg += "<circle cx=\"" + Num(x) + "\" cy=\"" + Num(sy(p.y.mean)) + "\" r=\"3\"><title>" +
               Escape(Num(p.x) + ": " + Num(p.y.mean) + " (n = " + std::to_string(p.y.n) + ")") + "</title></circle>\n";
      }
      const int64_t missing = p.runs - p.failed - p.y.n;
      if (missing > 0) {
        svg += "<g class=\"censored\"><path d=\"M" + Num(x - 5) + " " + Num(py1 + 9) + "L" + Num(x) + " " + Num(py1) +
               "L" + Num(x + 5) + " " + Num(py1 + 9) + "Z\"/><text x=\"" + Num(x) + "\" y=\"" + Num(py1 - 4) +
               "\" text-anchor=\"middle\" stroke=\"none\" font-size=\"10\">" + Escape(censored) + "</text><title>" +
               Escape(std::to_string(missing) + " of " + std::to_string(p.runs) + " runs: " + options_.y + " " +
                      censored) +
               "</title></g>\n";
      }
    }
    svg += "</g>\n";
    // The legend, right of the plot.
    const double ly = kTop + 10 + 18 * static_cast<double>(k);
    svg += "<g class=\"legend\"><line x1=\"" + Num(px1 + 14) + "\" x2=\"" + Num(px1 + 34) + "\" y1=\"" + Num(ly) +
           "\" y2=\"" + Num(ly) + "\" stroke=\"" + colour + "\" stroke-width=\"2\"/><text x=\"" + Num(px1 + 40) +
           "\" y=\"" + Num(ly + 4) + "\">" + Escape(s.label) + "</text></g>\n";
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace aqmlab
