// The frequency response of a linearised TCP/AQM loop: L(jw) = e^{-jwR}
// times a product of factors, each a small rational function whose phase
// stays inside (-180, 180) degrees, so the loop's phase is the sum of the
// factors' phases minus wR: unwrapped by construction, never folded.
// Gain and phase margins follow from it. Pure functions.
#pragma once

#include <complex>
#include <functional>
#include <optional>
#include <vector>

namespace aqmlab::theory {

struct OpenLoop {
  double delay_s = 0;
  std::vector<std::function<std::complex<double>(double w)>> factors;

  // |L(jw)| and the unwrapped phase in degrees.
  double Magnitude(double w) const;
  double PhaseDeg(double w) const;
};

// k / (s/p + 1), k (s/z + 1), k / s: the usual factors.
std::function<std::complex<double>(double)> Gain(double k);
std::function<std::complex<double>(double)> Pole(double p);
std::function<std::complex<double>(double)> Zero(double z);
std::function<std::complex<double>(double)> Integrator();

struct BodeData {
  std::vector<double> w;  // rad/s, log-spaced
  std::vector<double> mag_db;
  std::vector<double> phase_deg;
};

struct Margins {
  // 20 log10 of 1/|L| where the phase is -180 degrees; absent when the phase
  // never reaches -180 below the search's top frequency.
  std::optional<double> gain_db;
  std::optional<double> phase_crossover_rad_s;
  // 180 + phase where |L| = 1; absent when |L| < 1 everywhere.
  std::optional<double> phase_deg;
  std::optional<double> crossover_rad_s;
};

// `points` log-spaced frequencies over [w_lo, w_hi].
BodeData Bode(const OpenLoop& loop, double w_lo, double w_hi, int points);

// Searches [w_lo, w_hi] for the first crossings (a fine log grid, then
// bisection to 1e-12 relative).
Margins FindMargins(const OpenLoop& loop, double w_lo, double w_hi);

}  // namespace aqmlab::theory
