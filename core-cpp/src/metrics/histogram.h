// A fixed-bin histogram for percentiles of unbounded streams (queueing delay,
// queue length) in bounded memory. Bins are allocated up to the largest value
// seen, so the many histograms of per-class and per-window summaries cost
// what their delays reach (0.1 ms bins up to 300 ms: 24 kB), not the cap.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace aqmlab {

// Every summary's delay histogram: 0.1 ms bins up to 10 s.
inline constexpr double kDelayBinMs = 0.1;
inline constexpr int64_t kDelayBins = 100000;

class Histogram {
 public:
  Histogram(double bin_width, int64_t bins) : width_(bin_width), max_bins_(bins + 1) {}
  void Add(double v) { AddToBin(v <= 0 ? 0 : static_cast<int64_t>(v / width_)); }
  // Add for a histogram of unit-width bins (queue lengths): v / 1 is v
  // exactly, so the bin is found without the divide.
  void AddUnitWidth(double v) {
    assert(width_ == 1.0);
    AddToBin(v <= 0 ? 0 : static_cast<int64_t>(v));
  }
  int64_t total() const { return total_; }
  // Mean absolute deviation from the mean, taking each value at its bin's
  // lower edge (exact for integer data in unit bins, e.g. queue lengths).
  double MeanAbsoluteDeviation() const {
    if (total_ == 0) return 0;
    double mean = 0;
    for (size_t i = 0; i < counts_.size(); ++i) mean += static_cast<double>(counts_[i]) * static_cast<double>(i);
    mean = mean * width_ / static_cast<double>(total_);
    double mad = 0;
    for (size_t i = 0; i < counts_.size(); ++i) {
      if (counts_[i] == 0) continue;
      const double v = static_cast<double>(i) * width_;
      mad += static_cast<double>(counts_[i]) * (v > mean ? v - mean : mean - v);
    }
    return mad / static_cast<double>(total_);
  }
  // The upper edge of the bin holding the q-quantile (0 when empty).
  double Quantile(double q) const {
    if (total_ == 0) return 0;
    const double target = q * static_cast<double>(total_);
    int64_t seen = 0;
    for (size_t i = 0; i < counts_.size(); ++i) {
      seen += counts_[i];
      if (static_cast<double>(seen) >= target) return static_cast<double>(i + 1) * width_;
    }
    return static_cast<double>(counts_.size()) * width_;
  }

 private:
  void AddToBin(int64_t i) {
    if (i >= max_bins_) i = max_bins_ - 1;
    if (i >= static_cast<int64_t>(counts_.size())) counts_.resize(static_cast<size_t>(i) + 1, 0);
    ++counts_[i];
    ++total_;
  }

  double width_;
  int64_t max_bins_;
  std::vector<int64_t> counts_;
  int64_t total_ = 0;
};

// Running mean and variance (Welford), numerically stable over long runs.
class RunningStats {
 public:
  void Add(double x) {
    ++n_;
    const double d = x - mean_;
    mean_ += d / static_cast<double>(n_);
    m2_ += d * (x - mean_);
  }
  int64_t count() const { return n_; }
  double mean() const { return n_ ? mean_ : 0.0; }
  double variance() const { return n_ > 1 ? m2_ / static_cast<double>(n_) : 0.0; }

 private:
  int64_t n_ = 0;
  double mean_ = 0;
  double m2_ = 0;
};

}  // namespace aqmlab
