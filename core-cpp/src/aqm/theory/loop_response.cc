#include "aqm/theory/loop_response.h"

#include <cmath>
#include <numbers>

namespace aqmlab::theory {

namespace {
constexpr double kDeg = 180.0 / std::numbers::pi;
using Factor = std::function<std::complex<double>(double)>;

double LogPoint(double lo, double hi, int i, int points) {
  return lo * std::pow(hi / lo, static_cast<double>(i) / static_cast<double>(points - 1));
}

// The first w in [lo, hi] where f changes sign from >= 0 to < 0, refined by
// bisection; absent when it never does on the grid.
std::optional<double> FirstDownCrossing(const std::function<double(double)>& f, double lo, double hi) {
  constexpr int kGrid = 4000;
  double prev_w = lo, prev = f(lo);
  if (prev < 0) return std::nullopt;
  for (int i = 1; i < kGrid; ++i) {
    const double w = LogPoint(lo, hi, i, kGrid), v = f(w);
    if (v < 0) {
      double a = prev_w, b = w;
      for (int k = 0; k < 200 && b - a > 1e-12 * b; ++k) {
        const double mid = 0.5 * (a + b);
        (f(mid) >= 0 ? a : b) = mid;
      }
      return 0.5 * (a + b);
    }
    prev_w = w;
    prev = v;
  }
  return std::nullopt;
}
}  // namespace

double OpenLoop::Magnitude(double w) const {
  double m = 1;
  for (const Factor& f : factors) m *= std::abs(f(w));
  return m;
}

double OpenLoop::PhaseDeg(double w) const {
  double ph = -w * delay_s;
  for (const Factor& f : factors) ph += std::arg(f(w));
  return ph * kDeg;
}

Factor Gain(double k) {
  return [k](double) { return std::complex<double>(k, 0); };
}
Factor Pole(double p) {
  return [p](double w) { return 1.0 / std::complex<double>(1.0, w / p); };
}
Factor Zero(double z) {
  return [z](double w) { return std::complex<double>(1.0, w / z); };
}
Factor Integrator() {
  return [](double w) { return 1.0 / std::complex<double>(0, w); };
}

BodeData Bode(const OpenLoop& loop, double w_lo, double w_hi, int points) {
  BodeData b;
  for (int i = 0; i < points; ++i) {
    const double w = LogPoint(w_lo, w_hi, i, points);
    b.w.push_back(w);
    b.mag_db.push_back(20 * std::log10(loop.Magnitude(w)));
    b.phase_deg.push_back(loop.PhaseDeg(w));
  }
  return b;
}

Margins FindMargins(const OpenLoop& loop, double w_lo, double w_hi) {
  Margins m;
  m.phase_crossover_rad_s = FirstDownCrossing([&](double w) { return loop.PhaseDeg(w) + 180; }, w_lo, w_hi);
  if (m.phase_crossover_rad_s) m.gain_db = -20 * std::log10(loop.Magnitude(*m.phase_crossover_rad_s));
  m.crossover_rad_s = FirstDownCrossing([&](double w) { return loop.Magnitude(w) - 1; }, w_lo, w_hi);
  if (m.crossover_rad_s) m.phase_deg = 180 + loop.PhaseDeg(*m.crossover_rad_s);
  return m;
}

}  // namespace aqmlab::theory
