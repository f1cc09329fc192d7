#include "traffic/cc/bbr/windowed_max.h"

namespace aqmlab::bbr {

void WindowedMax::Reset(int64_t t, double value) { s_.fill(Sample{t, value}); }

double WindowedMax::Update(int64_t t, double value) {
  const Sample newest{t, value};
  // A new best, or even the third choice has left the window: start over.
  if (value >= s_[0].value || t - s_[2].t > window_) {
    Reset(t, value);
    return value;
  }
  if (value >= s_[1].value) {
    s_[1] = s_[2] = newest;
  } else if (value >= s_[2].value) {
    s_[2] = newest;
  }
  Age(newest);
  return s_[0].value;
}

// The best has aged out: the next choices move up (twice at most, as the
// third was checked to be inside the window). Otherwise, when a quarter of
// the window passed with the second choice no newer than the best, or half
// of it with the third no newer than the second, the newest sample becomes
// that choice.
void WindowedMax::Age(const Sample& newest) {
  const int64_t age = newest.t - s_[0].t;
  if (age > window_) {
    for (int shift = 0; shift < 2 && newest.t - s_[0].t > window_; ++shift) {
      s_[0] = s_[1];
      s_[1] = s_[2];
      s_[2] = newest;
    }
  } else if (s_[1].t == s_[0].t && age > window_ / 4) {
    s_[1] = s_[2] = newest;
  } else if (s_[2].t == s_[1].t && age > window_ / 2) {
    s_[2] = newest;
  }
}

}  // namespace aqmlab::bbr
