#include "aqm/autored/autored_law.h"

#include <algorithm>
#include <cmath>

#include "sim/portable_math.h"

namespace aqmlab::autored {

Base BaseOf(const Params& p) { return p.base != 0 ? Base::kAred : Base::kRed; }

double CongestionShare(const History& h) {
  const int64_t total = h.at_or_above + h.below;
  return total > 0 ? static_cast<double>(h.at_or_above) / static_cast<double>(total) : 0.0;
}

double Imbalance(double pt) { return pt * (1.0 - pt); }

double DeviationFactor(double d) {
  const double x = kA + std::fabs(d);
  return 2.0 * x / pmath::Log(x);
}

double Weight(double pt, double d, double buffer_packets) {
  return std::clamp(Imbalance(pt) * DeviationFactor(d) / buffer_packets, 0.0, 1.0);
}

double UpdateWeight(History& h, double d, double buffer_packets, double base_wq) {
  if (d >= 0) {
    ++h.at_or_above;
  } else {
    ++h.below;
  }
  const double pt = CongestionShare(h);
  return Imbalance(pt) > 0 ? Weight(pt, d, buffer_packets) : base_wq;
}

State InitialState(const Params& p) {
  State s;
  s.w = p.wq;
  s.max_p = p.max_p;
  return s;
}

void UpdateAverage(const Params& p, State& s, double q, bool link_idle, Time idle_for,
                   Time typical_tx, double buffer_packets) {
  s.w = UpdateWeight(s.history, q - s.red.avg, buffer_packets, p.wq);
  s.red.avg = red::UpdateAverage(s.red.avg, s.w, q, link_idle, idle_for, typical_tx);
}

red::Params Curve(const Params& p, const State& s) {
  red::Params curve = p;
  if (BaseOf(p) == Base::kAred) curve.max_p = s.max_p;
  curve.wq = s.w;
  return curve;
}

}  // namespace aqmlab::autored
