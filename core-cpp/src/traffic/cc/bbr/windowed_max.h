// A running maximum over a sliding window of a growing clock (BBR counts
// its bandwidth window in round trips), kept as Kathleen Nichols' three
// samples (the estimator Linux's lib/minmax.c and ns-3's WindowedFilter
// use for BBR): the best of the window, then the best of what came after
// it, then the best of what came after that. A sample is forgotten once it
// is more than `window` older than the newest; quarter- and half-window
// refreshes of the second and third choices keep a fallback ready.
#pragma once

#include <array>
#include <cstdint>

namespace aqmlab::bbr {

class WindowedMax {
 public:
  explicit WindowedMax(int64_t window = 10) : window_(window) {}
  // Forgets everything: (t, value) is the only sample.
  void Reset(int64_t t, double value);
  // Takes the sample (t, value), t not earlier than any before; returns the
  // window's maximum.
  double Update(int64_t t, double value);
  double best() const { return s_[0].value; }

 private:
  struct Sample {
    int64_t t = 0;
    double value = 0;
  };
  void Age(const Sample& newest);
  int64_t window_;
  std::array<Sample, 3> s_{};
};

}  // namespace aqmlab::bbr
