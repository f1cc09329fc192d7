// exp, log and pow that give bit-identical results on every platform.
//
// The C libraries disagree in the last bits (glibc natively, musl in
// Emscripten: measured here on 200,000 arguments each), and one differing
// bit in RED's idle decay or an exponential draw sends native and wasm runs
// apart. These use only +, -, *, / and exact scaling (frexp/ldexp), which
// IEEE 754 defines exactly, with the core compiled without FP contraction.
// Accuracy is within a few units in the last place: ample for a simulator.
// Simulation code uses these; std::sqrt and std::fabs are exact already.
#pragma once

#include <cmath>
#include <limits>

namespace aqmlab::pmath {

inline constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2, high bits
inline constexpr double kLn2Lo = 1.90821492927058770002e-10;  // ln 2 - kLn2Hi

inline double Log(double x) {
  if (std::isnan(x) || x < 0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0) return -std::numeric_limits<double>::infinity();
  if (std::isinf(x)) return x;
  int e = 0;
  double m = std::frexp(x, &e);  // x = m 2^e, m in [0.5, 1)
  if (m < 0.70710678118654752440) {
    m *= 2;
    --e;
  }
  // log(m) = 2 atanh(s) with s = (m - 1) / (m + 1), |s| < 0.172.
  const double s = (m - 1) / (m + 1);
  const double s2 = s * s;
  double series = 1.0 / 23;
  for (int k = 21; k >= 1; k -= 2) series = series * s2 + 1.0 / k;
  const double log_m = 2 * s * series;
  return (e * kLn2Hi) + (log_m + e * kLn2Lo);
}

inline double Exp(double x) {
  if (std::isnan(x)) return x;
  if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
  if (x < -745.1332191019412) return 0.0;
  // x = k ln2 + r with |r| <= ln2 / 2; exp(x) = 2^k exp(r).
  const double k = std::nearbyint(x / (kLn2Hi + kLn2Lo));
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  double term = 1.0;
  double sum = 1.0;
  for (int n = 1; n <= 17; ++n) {
    term = term * r / n;
    sum += term;
  }
  return std::ldexp(sum, static_cast<int>(k));
}

// x^y for x >= 0 (the only case a simulation needs).
inline double Pow(double x, double y) {
  if (y == 0) return 1.0;
  if (x == 1) return 1.0;
  if (x == 0) return y > 0 ? 0.0 : std::numeric_limits<double>::infinity();
  if (x < 0) return std::numeric_limits<double>::quiet_NaN();
  return Exp(y * Log(x));
}

}  // namespace aqmlab::pmath
