// The stability numbers worked by hand (analysis/stability.h): REM's loop,
// its margins and verdict, and what a larger gain does to them; PI's design
// suggestion (z on the TCP pole, K for crossover at half the smaller of that
// pole and 1/R) giving exactly the crossover and phase margin the rule aims
// at; AOPC's settling time from its second-order model.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>

#include "analysis/stability.h"

namespace aqmlab::analysis {
namespace {

constexpr double kDeg = 180 / std::numbers::pi;

double Number(const StabilityReport& r, const std::string& name) {
  for (const Quantity& q : r.numbers) {
    if (q.key == name) return q.value;
  }
  ADD_FAILURE() << "no number " << name;
  return NAN;
}

// Hollot et al.'s TCP plant at (N, C, R) times a PI controller K (s/z + 1)/s,
// written out (not through OpenLoop): C^2/(2N) e^{-jwR} / ((jw + 2N/(R^2 C)) (jw + 1/R)).
std::complex<double> PiLoopByHand(double k, double z, double n, double c, double r, double w) {
  const std::complex<double> s(0, w);
  return k * (s / z + 1.0) / s * (c * c / (2 * n)) * std::exp(-s * r) / ((s + 2 * n / (r * r * c)) * (s + 1 / r));
}

TEST(StabilityByHand, RemIsPiWithGainGammaLnPhiAndItsMarginsFollow) {
  // 60 flows, 3750 packets/s, R0 = 0.2533 s (q0 = 200 over Tp = 0.2 s), REM
  // at 500 Hz with alpha = 0.1, phi = 1.001, gamma = 5e-4.
  const double n = 60, c = 3750, r = 200 / 3750.0 + 0.2, f = 500, alpha = 0.1, phi = 1.001, gamma = 5e-4;
  const LoopPlant plant{n, c, r, 800};
  const ParamValues rem{{"phi", phi}, {"alpha", alpha}, {"gamma", gamma}, {"interval_ms", 2}, {"q0", 200}};
  const StabilityReport st = AnalyseStability("rem", rem, plant);
  const double p0 = 2 * n * n / (r * c * r * c);
  const double k = gamma * std::log(phi) * (1 - p0) * alpha * f, z = alpha * f;
  EXPECT_NEAR(Number(st, "p0"), p0, 1e-15);
  EXPECT_NEAR(Number(st, "K"), k, 1e-15);
  EXPECT_NEAR(Number(st, "z_rad_s"), z, 1e-12);
  ASSERT_TRUE(st.margins && st.margins->crossover_rad_s && st.margins->phase_crossover_rad_s);
  // |L| = 1 at the crossover, and the phase margin is 180 degrees plus the phase there.
  const double wc = *st.margins->crossover_rad_s, wp = *st.margins->phase_crossover_rad_s;
  EXPECT_NEAR(std::abs(PiLoopByHand(k, z, n, c, r, wc)), 1, 1e-9);
  const double phase = -90 + (std::atan(wc / z) - std::atan(wc * r * r * c / (2 * n)) - std::atan(wc * r) - wc * r) * kDeg;
  EXPECT_NEAR(*st.margins->phase_deg, 180 + phase, 1e-9);
  // At the phase crossover the hand-written phase is -180 and |L| is the ratio.
  EXPECT_NEAR(-90 + (std::atan(wp / z) - std::atan(wp * r * r * c / (2 * n)) - std::atan(wp * r) - wp * r) * kDeg, -180, 1e-6);
  const double ratio = std::abs(PiLoopByHand(k, z, n, c, r, wp));
  EXPECT_NEAR(Number(st, "ratio"), ratio, 1e-9);
  EXPECT_NEAR(*st.margins->gain_db, -20 * std::log10(ratio), 1e-9);
  EXPECT_GT(ratio, 0.5);  // 0.665: inside the stable band, not trivially so
  EXPECT_LT(ratio, 0.9);
  EXPECT_EQ(st.verdict, "stable");
  // K is linear in gamma and z does not depend on it: twice the gain, twice
  // the ratio (1.33), past the Nyquist limit; the fluid model oscillates there.
  ParamValues hot = rem;
  hot["gamma"] = 2 * gamma;
  const StabilityReport unstable = AnalyseStability("rem", hot, plant);
  EXPECT_NEAR(Number(unstable, "ratio"), 2 * ratio, 1e-9);
  EXPECT_EQ(unstable.verdict, "unstable");
  EXPECT_LT(*unstable.margins->gain_db, 0);
}

TEST(StabilityByHand, PiDesignedByItsRuleCrossesWhereTheRuleAims) {
  // Hollot et al.'s network: N = 60, C = 3750, R = 0.246 s. The rule puts
  // the zero on the TCP pole 2N/(R^2 C) (so they cancel) and chooses K for
  // |L| = 1 at wg = 0.5 min(2N/(R^2 C), 1/R); what is left is
  // K C^2/(2N pole) e^{-sR} / (s (s + 1/R)), with phase margin
  // 90 - atan(wg R) - wg R (degrees).
  for (const double n : {60.0, 600.0}) {  // the TCP pole below 1/R (0.53 < 4.07), then above it (5.3)
    const double c = 3750, r = 0.246, pole = 2 * n / (r * r * c);
    const LoopPlant plant{n, c, r, 800};
    const StabilityReport first = AnalyseStability("pi", {}, plant);
    const double k = Number(first, "design_K"), z = Number(first, "design_z_rad_s");
    EXPECT_NEAR(z, pole, 1e-12);
    const double wg = 0.5 * std::min(pole, 1 / r);
    EXPECT_NEAR(std::abs(PiLoopByHand(k, z, n, c, r, wg)), 1, 1e-12);
    // The discrete gains that realise K and z at 170 Hz: K = (a - b) f, K/z = (a + b)/2.
    const double f = 170, a = k / z + k / (2 * f), b = k / z - k / (2 * f);
    const StabilityReport designed = AnalyseStability("pi", {{"a", a}, {"b", b}, {"freq_hz", f}}, plant);
    EXPECT_NEAR(Number(designed, "K"), k, 1e-12 * k);
    EXPECT_NEAR(Number(designed, "z_rad_s"), z, 1e-9 * z);
    ASSERT_TRUE(designed.margins->crossover_rad_s && designed.margins->phase_deg);
    EXPECT_NEAR(*designed.margins->crossover_rad_s, wg, 1e-9 * wg);
    EXPECT_NEAR(*designed.margins->phase_deg, 90 - (std::atan(wg * r) + wg * r) * kDeg, 1e-6);
    EXPECT_EQ(designed.verdict, "stable");
  }
}

TEST(StabilityByHand, AopcSettlingTimeIsThe2PercentEnvelopeOfItsSecondOrderModel) {
  // LRED's worked network (N = 300, C = 2500, R = 0.35 s) with AOPC's Req =
  // 0.18 s: gamma from Req, the second-order model at the real R. The 2%
  // envelope of an underdamped second-order step, e^{-zeta wn t} /
  // sqrt(1 - zeta^2) = 0.02, gives t = -ln(0.02 sqrt(1 - zeta^2)) / (zeta wn);
  // the report's (4 - ln sqrt(1 - zeta^2)) / (zeta wn) rounds ln 50 = 3.91 up to 4.
  const double n = 300, c = 2500, r = 0.35, req = 0.18;
  const StabilityReport st = AnalyseStability("aopc", {{"Req", req}}, {n, c, r, 300});
  const double l = 1.5 * n * n / (r * c * r * c), f = std::sqrt(1.5 * l) / (1 - l);
  const double gamma = f * (1 + 4 * f * f) / (req * c);
  const double km = r * c / (4 * f * f), t1 = r / (2 * f), t2 = r;
  const double wn = std::sqrt((gamma * km + 1) / (t1 * t2)), zeta = (t1 + t2) / (2 * wn * t1 * t2);
  EXPECT_NEAR(Number(st, "l"), l, 1e-12);
  EXPECT_NEAR(Number(st, "gamma"), gamma, 1e-12 * gamma);
  EXPECT_NEAR(Number(st, "zeta_actual"), zeta, 1e-12);
  EXPECT_LT(zeta, 1);  // underdamped: a settling time exists
  const double envelope = -std::log(0.02 * std::sqrt(1 - zeta * zeta)) / (zeta * wn);
  EXPECT_NEAR(Number(st, "settling_s"), envelope, 0.03 * envelope);
  EXPECT_NEAR(Number(st, "settling_s"), (4 - std::log(std::sqrt(1 - zeta * zeta))) / (zeta * wn), 1e-12);
}

}  // namespace
}  // namespace aqmlab::analysis
