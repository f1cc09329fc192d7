// The teaching view of AOPC's gain (Wang & Rong): the second-order model its
// gamma implies, whose damping is 0.707 by construction, and the settling
// time that follows. Pure functions over aopc_law's gain.
#pragma once

namespace aqmlab::aopc {

struct AopcSecondOrder {
  double f;         // tuning factor f(l)
  double gamma;     // the gain used
  double km;        // Req C / (4 f^2)
  double t1;        // Req / (2 f)
  double t2;        // Req
  double zeta;      // (T1 + T2)/2 sqrt(1 / ((gamma Km + 1) T1 T2))
  double omega_n;   // sqrt((gamma Km + 1) / (T1 T2)), rad/s
  double settling;  // (4 - ln sqrt(1 - zeta^2)) / zeta * tau, with tau = 1 / omega_n, s
};

// The model at loss ratio l (> 0), assumed RTT Req and capacity C (packets/s),
// evaluated at gain `gamma`.
AopcSecondOrder AopcModelAt(double l, double req, double capacity_pps, double gamma);

// The same at AOPC's own gain, gamma = f (1 + 4 f^2) / (Req C): zeta = 0.707.
AopcSecondOrder AopcModel(double l, double req, double capacity_pps);

// The 2% settling time of a second-order system, (4 - ln sqrt(1 - zeta^2)) / zeta * tau.
double SettlingTime(double zeta, double tau);

}  // namespace aqmlab::aopc
