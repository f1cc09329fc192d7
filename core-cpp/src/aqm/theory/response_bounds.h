// The response-time lower bounds the LRED paper derives for PI and REM (Wang
// et al. 2004, sec. IV-C): N flows start together and fill the buffer Q;
// until the drop probability has climbed to its steady value p0 the queue
// stays near Q, so PI's p grows by (a - b)(Q - q0) per update and REM's price
// by gamma alpha (Q - q0) (p ~ u ln phi while u << 1):
//   RT_PI  >= p0 / ((Q - q0) (a - b) f_PI)
//   RT_REM >= p0 / (f_REM gamma alpha (Q - q0) ln phi)
// p0 comes from the TCP model the paper uses, p0 = 1.5 N^2 / (R C)^2.
// Pure functions; a bound is +infinity when its controller cannot climb
// (a <= b, or Q <= q0).
#pragma once

#include <vector>

namespace aqmlab::theory {

// LRED's model, eta N^2 / (R C)^2 with eta = 1.5.
double LredP0(double flows, double capacity_pps, double rtt_s);
// The fluid model's equilibrium, 2 N^2 / (R C)^2.
double FluidP0(double flows, double capacity_pps, double rtt_s);

double PiResponseLowerBound(double p0, double a, double b, double freq_hz, double buffer, double q0);
double RemResponseLowerBound(double p0, double gamma, double alpha, double phi, double freq_hz, double buffer,
                             double q0);

struct ResponseBoundInputs {
  double capacity_pps = 2500;
  double rtt_s = 0.1;
  double buffer_pkts = 300;
  double q0 = 100;
  std::vector<double> flows;  // the N values
  double pi_a = 1.822e-5, pi_b = 1.816e-5, pi_freq_hz = 170;
  double rem_gamma = 0.001, rem_alpha = 0.1, rem_phi = 1.001, rem_freq_hz = 500;
};

struct ResponseBoundCurves {
  std::vector<double> flows, p0, pi_s, rem_s;
};

ResponseBoundCurves ResponseBounds(const ResponseBoundInputs& in);

}  // namespace aqmlab::theory
