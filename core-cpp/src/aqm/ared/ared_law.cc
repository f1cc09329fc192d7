#include "aqm/ared/ared_law.h"

#include <algorithm>
#include <cmath>

#include "sim/portable_math.h"

namespace aqmlab::ared {

Settings AutoSettings(double capacity_pps, double target_delay) {
  const double min_th = std::max(5.0, target_delay * capacity_pps / 2.0);
  return Settings{1.0 - pmath::Exp(-1.0 / capacity_pps), min_th, 3.0 * min_th};
}

Band TargetBand(double min_th, double max_th) {
  const double span = max_th - min_th;
  return Band{min_th + 0.4 * span, min_th + 0.6 * span};
}

double AdaptMaxP(double max_p, double avg, const Band& band) {
  if (avg > band.high && max_p <= 0.5) return max_p + std::min(0.01, max_p / 4.0);
  if (avg < band.low && max_p >= 0.01) return max_p * 0.9;
  return max_p;
}

double Adapt(double max_p, const red::Params& curve, double avg) {
  return AdaptMaxP(max_p, avg, TargetBand(curve.min_th, curve.max_th));
}

red::Params Curve(const Params& p, double capacity_pps, double max_p) {
  red::Params curve = p;
  if (p.auto_settings) {
    const Settings s = AutoSettings(capacity_pps, p.target_delay);
    curve.wq = s.wq;
    curve.min_th = s.min_th;
    curve.max_th = s.max_th;
  }
  curve.max_p = max_p;
  return curve;
}

}  // namespace aqmlab::ared
