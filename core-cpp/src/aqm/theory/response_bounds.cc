#include "aqm/theory/response_bounds.h"

#include <cmath>
#include <limits>

namespace aqmlab::theory {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

double LredP0(double flows, double capacity_pps, double rtt_s) {
  const double w = rtt_s * capacity_pps / flows;
  return 1.5 / (w * w);
}

double FluidP0(double flows, double capacity_pps, double rtt_s) {
  const double w = rtt_s * capacity_pps / flows;
  return 2 / (w * w);
}

double PiResponseLowerBound(double p0, double a, double b, double freq_hz, double buffer, double q0) {
  const double climb = (buffer - q0) * (a - b) * freq_hz;  // p per second while the queue is at Q
  return climb > 0 ? p0 / climb : kInf;
}

double RemResponseLowerBound(double p0, double gamma, double alpha, double phi, double freq_hz, double buffer,
                             double q0) {
  const double climb = freq_hz * gamma * alpha * (buffer - q0) * std::log(phi);
  return climb > 0 ? p0 / climb : kInf;
}

ResponseBoundCurves ResponseBounds(const ResponseBoundInputs& in) {
  ResponseBoundCurves out;
  for (double n : in.flows) {
    const double p0 = LredP0(n, in.capacity_pps, in.rtt_s);
    out.flows.push_back(n);
    out.p0.push_back(p0);
    out.pi_s.push_back(PiResponseLowerBound(p0, in.pi_a, in.pi_b, in.pi_freq_hz, in.buffer_pkts, in.q0));
    out.rem_s.push_back(
        RemResponseLowerBound(p0, in.rem_gamma, in.rem_alpha, in.rem_phi, in.rem_freq_hz, in.buffer_pkts, in.q0));
  }
  return out;
}

}  // namespace aqmlab::theory
