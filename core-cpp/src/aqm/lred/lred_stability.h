// LRED's design rule (Wang, Li, Hou, Sohraby, Lin 2004, sec. IV): the largest
// queue gain beta for which the linearised TCP/LRED loop
//   s^2 + K11 s + Kc Hc e^{-tau s} = 0
// is stable, capped by the paper's monotonicity condition. Pure functions.
#pragma once

namespace aqmlab::lred {

struct LredLoop {
  double capacity_pps;  // C, packets/s
  double flows;         // N, the smallest number of flows designed for
  double rtt_s;         // tau, the largest round-trip time designed for
  double eta = 1.5;
};

struct LredStability {
  double k11;         // 2N / (tau^2 C)
  double kc;          // C^2 / (eta N)
  double p0;          // eta N^2 / (tau^2 C^2), the operating point's loss ratio
  double crossover;   // w solving tau w + atan(w / K11) = pi/2, rad/s
  double beta_bound;  // the beta for which |T(jw)| = 1 at that w
  double beta_cap;    // sqrt(2 eta) (2N)^2 / (tau^3 C^3)
  double beta_hat;    // min(beta_bound, beta_cap)
};

LredStability AnalyseLredStability(const LredLoop& loop);

// The crossover where |T(jw)| = 1 for a given loop gain Kc Hc:
// w^2 = (sqrt(K11^4 + 4 (Kc Hc)^2) - K11^2) / 2. (The paper prints
// w = sqrt(y) / 2; this is the form that reproduces its example.)
double LredCrossoverForGain(double k11, double kc_hc);

// The phase at w of the loop's open-loop transfer, -(tau w + atan(w / K11)),
// in radians; -pi/2 at the crossover of AnalyseLredStability.
double LredOpenLoopPhase(double k11, double rtt_s, double w);

}  // namespace aqmlab::lred
