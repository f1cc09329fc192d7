// Stability of one discipline on one network (spec/analysis.md sec. 3): the
// linearised loop's Bode data and margins, and the papers' design rule with
// a verdict.
//
// The verdict. Every rule is reduced to one ratio r: how far the setting has
// gone toward its stability limit (1 = on the boundary).
//   RED     r = L_red (RC)^3 / (2N)^2 / sqrt(wg^2 / K^2 + 1)   (Hollot et al.)
//   LRED    r = beta / beta_hat                                 (Wang et al.)
//   MSC     r = R^3 C^2 / (4 N^3) / sqrt(wg^2 / K^2 + 1)       (Ji & Dong, Theorem 1)
//   PI, REM, AOPC: the loop's own Nyquist limit, r = 1 / |gain margin| = 10^(-GM/20)
//                  (these papers design against the linear loop, not a closed form)
//   PID     the same Nyquist ratio (no paper gives it a rule: the lab's check)
// stable: r <= 0.9; marginal: 0.9 < r <= 1.1 (within 10% of the boundary,
// either side); unstable: r > 1.1. "none": no linear analysis (drop-tail,
// CoDel, PIE, ... ; RED-derived adaptive laws use RED's rule at their base
// setting and say so).
//
// The region. A linearisation holds only on the piece of the law the
// equilibrium sits on, so each report names it: RED's ramp (slope max_p /
// (max_th - min_th)), its gentle ramp above max_th (slope (1 - max_p) /
// max_th), or the jump at max_th without gentle (unbounded slope: no
// setting meets the rule); for every law, "buffer" when the equilibrium
// queue is at or past the buffer (overflow holds the queue, as drop-tail)
// and "saturated" when it would need p0 >= 1 (windows at their floor): no
// linear rule applies there, the verdict is "none". Elsewhere "linear".
//
// Sufficient rules. Hollot et al.'s RED condition, MSC's Theorem 1 and
// LRED's beta_hat are sufficient: met, the loop is stable; failed, it may
// still be. The Nyquist ratio of PI, REM, PID and AOPC is the linear loop's
// exact boundary.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/loop_response.h"

namespace aqmlab::analysis {

using ParamValues = std::map<std::string, double>;

// A parameter's value, or `fallback` when the map does not hold it.
inline double ParamOr(const ParamValues& p, const std::string& name, double fallback) {
  auto it = p.find(name);
  return it == p.end() ? fallback : it->second;
}

// The operating point the loop is linearised at.
struct LoopPlant {
  double flows = 50;         // N, long-lived TCP flows
  double capacity_pps = 2500;
  double rtt_s = 0.1;        // R0 = q0 / C + Tp at the operating point
  double buffer_pkts = 200;  // Q, for the response-time bounds
};

// A value the rule used: its key (stable, for programs), the value, and
// what it is in words with its unit (for people).
struct Quantity {
  std::string key;
  double value = 0;
  std::string words;
};

struct StabilityReport {
  std::string discipline;
  std::string verdict = "none";  // stable | marginal | unstable | none
  std::string rule;              // the formula, as text
  std::string rule_tex;          // the same, as TeX
  std::string region = "none";   // ramp | gentle | jump | linear | buffer | saturated | none
  std::string region_text;       // where the equilibrium sits, in words
  std::optional<double> ratio;   // r above: how far toward the limit (1 = on it)
  bool sufficient = false;       // the rule is a sufficient condition only
  std::vector<Quantity> numbers;  // the values it used, in order
  std::optional<Margins> margins;
  std::optional<BodeData> bode;
};

inline constexpr double kStableBelow = 0.9;
inline constexpr double kUnstableAbove = 1.1;
std::string VerdictOf(double ratio);

StabilityReport AnalyseStability(const std::string& aqm, const ParamValues& params, const LoopPlant& plant);

// The loops themselves (also used by the tests). RED's uses the slope of
// the curve's piece its equilibrium sits on (the ramp's when that is
// outside the ramp and the gentle ramp).
OpenLoop RedLoop(const ParamValues& params, const LoopPlant& plant);
// PI with a continuous controller K (s/z + 1) / s.
OpenLoop PiLoop(double k, double z, const LoopPlant& plant);
// LRED: Kc Hc e^{-Rs} / (s (s + K11)), eta = 1.5.
OpenLoop LossRatioLoop(double hc, const LoopPlant& plant);

// PI's discrete gains (a, b at f Hz) as K (s/z + 1) / s: K = (a - b) f,
// K / z = (a + b) / 2 (the bilinear map of p += a e(k) - b e(k-1)).
struct PiContinuous {
  double k;
  double z;
};
PiContinuous PiFromDiscrete(double a, double b, double freq_hz);

}  // namespace aqmlab::analysis
