#include "aqm/lred/lred_stability.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace aqmlab::lred {

namespace {
// tau w + atan(w / K11) rises from 0 to past pi/2 on (0, pi / (2 tau)]:
// bisection finds its pi/2 crossing to machine precision.
double SolveCrossover(double k11, double tau) {
  double lo = 0, hi = std::numbers::pi / (2 * tau);
  for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (tau * mid + std::atan(mid / k11) < std::numbers::pi / 2) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi);
}
}  // namespace

LredStability AnalyseLredStability(const LredLoop& loop) {
  const double c = loop.capacity_pps, n = loop.flows, tau = loop.rtt_s, eta = loop.eta;
  LredStability out{};
  out.k11 = 2 * n / (tau * tau * c);
  out.kc = c * c / (eta * n);
  out.p0 = eta * n * n / (tau * tau * c * c);
  out.crossover = SolveCrossover(out.k11, tau);
  const double w = out.crossover;
  const double kc_hc = w * std::sqrt(w * w + out.k11 * out.k11);  // |T(jw)| = 1
  out.beta_bound = kc_hc / (out.kc * std::sqrt(out.p0));           // Hc = beta sqrt(p0)
  out.beta_cap = std::sqrt(2 * eta) * (2 * n) * (2 * n) / (tau * tau * tau * c * c * c);
  out.beta_hat = std::min(out.beta_bound, out.beta_cap);
  return out;
}

double LredCrossoverForGain(double k11, double kc_hc) {
  const double k2 = k11 * k11;
  return std::sqrt((std::sqrt(k2 * k2 + 4 * kc_hc * kc_hc) - k2) / 2);
}

double LredOpenLoopPhase(double k11, double rtt_s, double w) {
  return -(rtt_s * w + std::atan(w / k11));
}

}  // namespace aqmlab::lred
