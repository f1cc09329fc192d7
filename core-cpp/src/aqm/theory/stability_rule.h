// What a discipline's stability rule is written with (spec/analysis.md
// sec. 3): the operating point (LoopPlant), the report it fills, and the
// steps every rule shares.
//
// The verdict. Every rule is reduced to one ratio r: how far the setting has
// gone toward its stability limit (1 = on the boundary). stable: r <= 0.9;
// marginal: 0.9 < r <= 1.1 (within 10% of the boundary, either side);
// unstable: r > 1.1. "none": no linear analysis.
//
// The region. A linearisation holds only on the piece of the law the
// equilibrium sits on, so each report names it: a law's own pieces (RED's
// ramp, gentle ramp, jump), "linear" inside a law's working range, and for
// every law "buffer" when the equilibrium queue is at or past the buffer
// (overflow holds the queue, as drop-tail) and "saturated" when it would
// need p0 >= 1 (windows at their floor): no linear rule applies there, the
// verdict is "none".
//
// Sufficient rules (Hollot et al.'s RED condition, MSC's Theorem 1, LRED's
// beta_hat): met, the loop is stable; failed, it may still be. A Nyquist
// ratio (PI, REM, PID, AOPC) is the linear loop's exact boundary.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "aqm/theory/loop_response.h"

namespace aqmlab::theory {

// The operating point the loop is linearised at.
struct LoopPlant {
  double flows = 50;         // N, long-lived TCP flows
  double capacity_pps = 2500;
  double rtt_s = 0.1;        // R0 = q0 / C + Tp at the operating point
  double buffer_pkts = 200;  // Q, for the response-time bounds and the regions
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

// TCP's pole 2N / (R^2 C).
double TcpPole(const LoopPlant& plant);
// N, C and R as the first numbers of a report.
std::vector<Quantity> PlantNumbers(const LoopPlant& plant);
// Sets the ratio, its number and the verdict.
void Judge(StabilityReport& r, double ratio);
// The loop's Bode data and margins (over frequencies scaled by 1/R).
void Finish(StabilityReport& r, const OpenLoop& loop, const LoopPlant& plant);
// r = 10^(-GM/20): the loop gain over the gain at which it loses stability
// (0 when the phase never reaches -180 degrees).
double NyquistRatio(const Margins& m);
// Finish, then judge by the Nyquist ratio.
void JudgeLoop(StabilityReport& r, const OpenLoop& loop, const LoopPlant& plant);

// Sets r.region and r.region_text for an equilibrium queue `q0` (packets)
// and drop probability `p0`. Returns true, with the verdict "none", when the
// equilibrium is outside the law's linear range ("buffer" or "saturated");
// else the region is "linear".
bool OutsideTheLaw(StabilityReport& r, double q0, double p0, const LoopPlant& plant);

// A value for a sentence: three significant digits (199, 0.395, 1.2e-05).
std::string Approx(double v);

}  // namespace aqmlab::theory
