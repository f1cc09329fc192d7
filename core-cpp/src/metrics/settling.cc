#include "metrics/settling.h"

#include <cmath>

namespace aqmlab {

int64_t SettlingWindowSamples(double interval_s) {
  const auto n = static_cast<int64_t>(kSettlingWindowS / interval_s + 0.5);
  return n < 1 ? 1 : n;
}

SettlingDetector::SettlingDetector(double target, double from_s, int64_t window_samples,
                                   double deviation_tolerance, std::optional<double> mean_tolerance_pkts)
    : target_(target), from_s_(from_s), deviation_tolerance_(deviation_tolerance),
      mean_band_(mean_tolerance_pkts ? *mean_tolerance_pkts : kSettlingMeanTolerance * target),
      window_(static_cast<size_t>(window_samples)),
      times_(window_, 0.0), queue_(window_, 0.0) {}

void SettlingDetector::Add(double t_s, double q) {
  if (settled() || t_s < from_s_) return;
  if (filled_ == window_) {  // the oldest sample leaves the window
    sum_ -= queue_[next_];
    abs_dev_sum_ -= std::fabs(queue_[next_] - target_);
  } else {
    ++filled_;
  }
  times_[next_] = t_s;
  queue_[next_] = q;
  sum_ += q;
  abs_dev_sum_ += std::fabs(q - target_);
  if (++next_ == window_) next_ = 0;
  if (filled_ < window_) return;
  const double n = static_cast<double>(window_);
  const double mean = sum_ / n;
  const double deviation = abs_dev_sum_ / n;
  if (std::fabs(mean - target_) <= mean_band_ &&
      deviation <= deviation_tolerance_ * target_) {
    settled_at_s_ = times_[next_];  // the oldest sample: the window's start
  }
}

std::optional<double> SettlingDetector::response_time_s() const {
  if (!settled_at_s_) return std::nullopt;
  return *settled_at_s_ - from_s_ + kSettlingOffsetS;
}

std::optional<double> ResponseTime(std::span<const double> t_s, std::span<const double> queue,
                                   double interval_s, double target, double from_s,
                                   double deviation_tolerance, std::optional<double> mean_tolerance_pkts) {
  SettlingDetector d(target, from_s, SettlingWindowSamples(interval_s), deviation_tolerance,
                     mean_tolerance_pkts);
  for (size_t i = 0; i < t_s.size() && i < queue.size() && !d.settled(); ++i) d.Add(t_s[i], queue[i]);
  return d.response_time_s();
}

}  // namespace aqmlab
