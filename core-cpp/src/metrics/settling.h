// The response (settling) time of the LRED paper, as spec/scenarios.md
// defines it: after a change at `from`, the first t such that over the
// window [t, t + 4 s] the mean queue is within 10% of the target (or within
// an absolute band the scenario gives: `response.tolerance_pkts`) and the mean
// absolute deviation from the target is at most 30% of it; the response time
// is t + 2 s, with t counted from the change. Computed on the sampled queue:
// the window is the 4 s / interval samples taken at t, t + interval, ...
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace aqmlab {

inline constexpr double kSettlingWindowS = 4.0;
inline constexpr double kSettlingMeanTolerance = 0.10;
inline constexpr double kSettlingDeviationTolerance = 0.30;
inline constexpr double kSettlingOffsetS = 2.0;  // the response is reported mid-window

// Samples in the 4 s window at this sampling interval (at least one).
int64_t SettlingWindowSamples(double interval_s);

// Fed the sampled queue in time order; finds the first settled window and
// then ignores further samples. Memory: one window of samples.
class SettlingDetector {
 public:
  // `deviation_tolerance`: the bound on the window's mean absolute deviation,
  // as a fraction of the target (the LRED paper's 0.3 by default).
  // `mean_tolerance_pkts`: the band for the window's mean, in packets either
  // way; absent, kSettlingMeanTolerance of the target.
  SettlingDetector(double target, double from_s, int64_t window_samples,
                   double deviation_tolerance = kSettlingDeviationTolerance,
                   std::optional<double> mean_tolerance_pkts = std::nullopt);

  // The queue `q` sampled at time `t_s`; samples before `from_s` are ignored.
  void Add(double t_s, double q);
  bool settled() const { return settled_at_s_.has_value(); }
  // t - from + 2 s for the first settled window, once there is one.
  std::optional<double> response_time_s() const;

 private:
  double target_;
  double from_s_;
  double deviation_tolerance_;
  double mean_band_;
  size_t window_;
  std::vector<double> times_;  // ring buffers of the window's samples
  std::vector<double> queue_;
  size_t next_ = 0;
  size_t filled_ = 0;
  double sum_ = 0;
  double abs_dev_sum_ = 0;
  std::optional<double> settled_at_s_;
};

// The same over a whole sampled series (times in seconds, ascending, evenly
// spaced by `interval_s`); nullopt when the queue never settles.
std::optional<double> ResponseTime(std::span<const double> t_s, std::span<const double> queue,
                                   double interval_s, double target, double from_s,
                                   double deviation_tolerance = kSettlingDeviationTolerance,
                                   std::optional<double> mean_tolerance_pkts = std::nullopt);

}  // namespace aqmlab
