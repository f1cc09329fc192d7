// The stability rules and loops (analysis/stability.h) against the spec's
// worked numbers (spec/aqm-algorithms.md) and against each other: LRED's
// beta_hat is exactly the gain at which its delayed loop has a 0 dB gain
// margin; AOPC's gamma gives damping 0.707 when the real RTT is Req; the
// verdict follows the documented ratio thresholds.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/stability.h"
#include "aqm/lred/lred_stability.h"
#include "aqm/lred/lred_theory.h"
#include "aqm/pi/pi_theory.h"
#include "aqm/red/red_theory.h"
#include "aqm/theory/response_bounds.h"

namespace aqmlab::analysis {
namespace {

double Number(const StabilityReport& r, const std::string& name) {
  for (const Quantity& q : r.numbers) {
    if (q.key == name) return q.value;
  }
  ADD_FAILURE() << "no number " << name;
  return NAN;
}

TEST(Stability, VerdictThresholds) {
  EXPECT_EQ(VerdictOf(0.5), "stable");
  EXPECT_EQ(VerdictOf(0.9), "stable");
  EXPECT_EQ(VerdictOf(0.95), "marginal");
  EXPECT_EQ(VerdictOf(1.1), "marginal");
  EXPECT_EQ(VerdictOf(1.2), "unstable");
  EXPECT_EQ(VerdictOf(INFINITY), "unstable");
}

TEST(Stability, LredWorkedNumbersAndVerdicts) {
  const LoopPlant plant{300, 2500, 0.35, 300};
  const StabilityReport r = AnalyseStability("lred", {{"beta", 0.001}}, plant);
  EXPECT_NEAR(Number(r, "K11"), 1.959, 0.001);
  EXPECT_NEAR(Number(r, "p0"), 0.1763, 0.0001);
  EXPECT_NEAR(Number(r, "w_rad_s"), 2.127, 0.001);
  EXPECT_NEAR(Number(r, "beta_bound"), 1.05e-3, 0.01e-3);
  EXPECT_NEAR(Number(r, "beta_cap"), 9.31e-4, 0.01e-4);
  EXPECT_NEAR(Number(r, "beta_hat"), 9.31e-4, 0.01e-4);
  // The paper's 0.001 is 7% past beta_hat: within 10% of the boundary.
  EXPECT_EQ(r.verdict, "marginal");
  EXPECT_EQ(AnalyseStability("lred", {{"beta", 5e-4}}, plant).verdict, "stable");
  EXPECT_EQ(AnalyseStability("lred", {{"beta", 2e-3}}, plant).verdict, "unstable");
  ASSERT_TRUE(r.bode && r.margins);
  EXPECT_EQ(r.bode->w.size(), 200u);
}

TEST(Stability, LredMagnitudeBoundIsTheLoopsZeroGainMargin) {
  // Two computations of one fact: at beta = beta_bound the delayed loop
  // Kc Hc e^{-Rs} / (s (s + K11)) has |L| = 1 exactly where its phase is
  // -180 degrees, at the crossover the design rule solves for.
  const LoopPlant plant{300, 2500, 0.35, 300};
  const lred::LredStability s = lred::AnalyseLredStability({2500, 300, 0.35});
  const theory::Margins m = theory::FindMargins(lred::LossRatioLoop(s.beta_bound * std::sqrt(s.p0), plant), 1e-3, 1e3);
  ASSERT_TRUE(m.gain_db && m.phase_crossover_rad_s);
  EXPECT_NEAR(*m.gain_db, 0, 1e-6);
  EXPECT_NEAR(*m.phase_crossover_rad_s, s.crossover, 1e-9);
}

TEST(Stability, RedHollotCondition) {
  // N = 60, C = 3750 pkt/s, R = 0.246 s (Hollot et al.'s example network),
  // RED with min_th 50, max_th 550, max_p 0.1, wq 1e-5 (ratio computed by hand).
  const LoopPlant plant{60, 3750, 0.246, 800};
  ParamValues red{{"min_th", 50}, {"max_th", 550}, {"max_p", 0.1}, {"wq", 1e-5}};
  const StabilityReport r = AnalyseStability("red", red, plant);
  const double l_red = 0.1 / 500, k = -3750 * std::log(1 - 1e-5);
  const double wg = 0.1 * std::min(120 / (0.246 * 0.246 * 3750), 1 / 0.246);
  const double lhs = l_red * std::pow(0.246 * 3750, 3) / (120.0 * 120.0);
  EXPECT_NEAR(Number(r, "lhs"), lhs, 1e-12 * lhs);
  EXPECT_NEAR(Number(r, "ratio"), lhs / std::sqrt(wg * wg / (k * k) + 1), 1e-12);
  EXPECT_EQ(r.verdict, VerdictOf(Number(r, "ratio")));
  // The loop's DC gain is the condition's left side.
  EXPECT_NEAR(aqmlab::red::Loop(red, plant).Magnitude(1e-9), lhs, 1e-6 * lhs);
  // Hollot's condition is sufficient: met, the exact loop keeps a gain margin.
  red["max_p"] = 0.1 * 0.9 / Number(r, "ratio");
  const StabilityReport met = AnalyseStability("red", red, plant);
  EXPECT_NEAR(Number(met, "ratio"), 0.9, 1e-9);
  EXPECT_EQ(met.verdict, "stable");
  ASSERT_TRUE(met.margins->gain_db);
  EXPECT_GT(*met.margins->gain_db, 0);
  red["max_p"] = 1;
  EXPECT_EQ(AnalyseStability("red", red, plant).verdict, "unstable");
}

TEST(Stability, PiDefaultsOnTheirDesignNetworkAndTooMuchGain) {
  // ns-2's PI defaults were designed for N = 60, C = 3750, R = 0.246.
  const pi::PiContinuous c = pi::PiFromDiscrete(1.822e-5, 1.816e-5, 170);
  EXPECT_NEAR(c.k, 6e-8 * 170, 1e-12);
  EXPECT_NEAR(c.z, 6e-8 * 170 / 1.819e-5, 1e-9);
  const LoopPlant plant{60, 3750, 0.246, 800};
  const StabilityReport r = AnalyseStability("pi", {{"a", 1.822e-5}, {"b", 1.816e-5}, {"freq_hz", 170}}, plant);
  EXPECT_EQ(r.verdict, "stable");
  ASSERT_TRUE(r.margins->phase_deg && r.margins->gain_db);
  EXPECT_GT(*r.margins->phase_deg, 45);
  EXPECT_NEAR(Number(r, "ratio"), std::pow(10, -*r.margins->gain_db / 20), 1e-12);
  // Phase at the crossover, by hand: -90 + atan(w/z) - atan(w/p) - atan(wR) - wR.
  const double w = *r.margins->crossover_rad_s, p = 120 / (0.246 * 0.246 * 3750);
  const double phase = -90 + (std::atan(w / c.z) - std::atan(w / p) - std::atan(w * 0.246) - w * 0.246) * 180 / M_PI;
  EXPECT_NEAR(*r.margins->phase_deg, 180 + phase, 1e-9);
  // Twenty times the integral gain crosses the Nyquist limit.
  const StabilityReport hot = AnalyseStability("pi", {{"a", 1.822e-5 + 19 * 6e-8 * 1.0}, {"b", 1.816e-5}, {"freq_hz", 170}}, plant);
  EXPECT_NE(hot.verdict, "stable");
}

TEST(Stability, AopcGammaGivesTheDesignDampingAtReq) {
  // l = 0.01, C = 2500, Req = 0.2: gamma = 2.625e-4 (spec), damping 0.707
  // when the real RTT is Req. N is chosen so LRED's model gives p0 = 0.01.
  const double n = 0.2 * 2500 * std::sqrt(0.01 / 1.5);
  const StabilityReport r = AnalyseStability("aopc", {{"Req", 0.2}}, {n, 2500, 0.2, 300});
  EXPECT_NEAR(Number(r, "l"), 0.01, 1e-12);
  EXPECT_NEAR(Number(r, "gamma"), 2.625e-4, 2.625e-7);
  EXPECT_NEAR(Number(r, "zeta_design"), 0.7071, 1e-3);
  EXPECT_NEAR(Number(r, "zeta_actual"), 0.7071, 1e-3);
  EXPECT_EQ(r.verdict, "stable");
  // gamma grows as 1 / Req, and so does the loop gain: assuming a quarter of
  // the real RTT multiplies the ratio by 4 and crosses the Nyquist limit.
  const StabilityReport low = AnalyseStability("aopc", {{"Req", 0.05}}, {n, 2500, 0.2, 300});
  EXPECT_NEAR(Number(low, "ratio") / Number(r, "ratio"), 4.0, 1e-9);
  EXPECT_EQ(low.verdict, "unstable");
  EXPECT_LT(Number(low, "zeta_actual"), Number(r, "zeta_actual"));
}

TEST(Stability, PidDefaultsKeepTheDefaultLabStable) {
  // The lab's PID defaults on the default lab's network (50 flows, 10 Mbps
  // of 500 B, Tp 98 ms, qref 50: R0 = 0.118 s), as aqm-algorithms.md asks.
  const LoopPlant plant{50, 2500, 0.118, 200};
  const ParamValues pid{{"kp", 8e-5}, {"ki", 4e-5}, {"kd", 2e-6}};
  const StabilityReport r = AnalyseStability("pid", pid, plant);
  EXPECT_EQ(r.verdict, "stable");
  ASSERT_TRUE(r.margins->crossover_rad_s && r.margins->phase_deg);
  // Phase at the crossover, by hand: -90 + arg(ki - kd w^2 + j kp w) - atan(w/p) - atan(wR) - wR.
  const double w = *r.margins->crossover_rad_s, p = 100 / (0.118 * 0.118 * 2500);
  const double phase = -90 + (std::atan2(8e-5 * w, 4e-5 - 2e-6 * w * w) - std::atan(w / p) - std::atan(w * 0.118) -
                              w * 0.118) * 180 / M_PI;
  EXPECT_NEAR(*r.margins->phase_deg, 180 + phase, 1e-9);
  // The controller is linear in its gains: ten times all three, ten times the ratio.
  const StabilityReport hot = AnalyseStability("pid", {{"kp", 8e-4}, {"ki", 4e-4}, {"kd", 2e-5}}, plant);
  EXPECT_NEAR(Number(hot, "ratio") / Number(r, "ratio"), 10.0, 1e-6);
}

TEST(Stability, MscTheoremOne) {
  const LoopPlant plant{100, 3750, 0.1, 200};
  const StabilityReport r = AnalyseStability("msc", {{"r_w", 0.5}, {"ts_l", 0.2}, {"alpha", 0.01}}, plant);
  const double k = -std::log(0.5) / 0.2, a = 2 * 100.0 * 100 / (0.001 * 3750);
  const double wg = 0.1 * std::min(a, 10.0), lhs = 0.001 * 3750 * 3750 / (4e6);
  EXPECT_NEAR(Number(r, "theorem_ratio"), lhs / std::sqrt(wg * wg / (k * k) + 1), 1e-12);
  EXPECT_EQ(Number(r, "ratio"), std::max(Number(r, "theorem_ratio"), Number(r, "queue_term_ratio")));
  EXPECT_EQ(r.verdict, VerdictOf(Number(r, "ratio")));
  EXPECT_TRUE(r.sufficient);
  // lhs grows as 1 / N^3: few flows break the theorem's condition.
  const StabilityReport few = AnalyseStability("msc", {{"r_w", 0.5}, {"ts_l", 0.2}, {"alpha", 0.01}}, {10, 3750, 0.1, 200});
  EXPECT_GT(Number(few, "theorem_ratio"), 1.1);
  EXPECT_EQ(few.verdict, "unstable");
  // The queue term is a proportional controller alpha / qref on TCP's plant,
  // whose DC gain is (R C)^3 / (4 N^2): ten times alpha, ten times its ratio.
  const StabilityReport hot = AnalyseStability("msc", {{"r_w", 0.5}, {"ts_l", 0.2}, {"alpha", 0.1}}, plant);
  EXPECT_NEAR(Number(hot, "queue_term_ratio") / Number(r, "queue_term_ratio"), 10, 1e-9);
}

TEST(Stability, NoLinearAnalysis) {
  const StabilityReport r = AnalyseStability("codel", {}, {50, 2500, 0.1, 200});
  EXPECT_EQ(r.verdict, "none");
  EXPECT_FALSE(r.bode);
  EXPECT_FALSE(r.margins);
}

TEST(ResponseBounds, LredPaperFormulas) {
  // N = 300, C = 2500, R = 0.35: p0 = 0.1763 (the LRED worked numbers);
  // Q = 300, q0 = 100. PI: p0 / (200 * 6e-8 * 170); REM at 500 Hz: p0 /
  // (500 * 0.001 * 0.1 * 200 * ln 1.001).
  const double p0 = theory::LredP0(300, 2500, 0.35);
  EXPECT_NEAR(p0, 0.1763, 1e-4);
  EXPECT_NEAR(theory::PiResponseLowerBound(p0, 1.822e-5, 1.816e-5, 170, 300, 100), p0 / (200 * 6e-8 * 170), 1e-9);
  EXPECT_NEAR(theory::RemResponseLowerBound(p0, 0.001, 0.1, 1.001, 500, 300, 100),
              p0 / (500 * 0.001 * 0.1 * 200 * std::log(1.001)), 1e-9);
  EXPECT_TRUE(std::isinf(theory::PiResponseLowerBound(p0, 1e-5, 2e-5, 170, 300, 100)));
  theory::ResponseBoundInputs in;
  in.capacity_pps = 2500, in.rtt_s = 0.35, in.flows = {100, 300, 1000};
  const theory::ResponseBoundCurves c = theory::ResponseBounds(in);
  ASSERT_EQ(c.pi_s.size(), 3u);
  EXPECT_LT(c.pi_s[0], c.pi_s[1]);
  EXPECT_NEAR(c.pi_s[2] / c.pi_s[0], 100.0, 1e-9);  // p0 grows as N^2
}

}  // namespace
}  // namespace aqmlab::analysis
