#include "aqm/aopc/aopc_law.h"

#include <algorithm>
#include <cmath>

namespace aqmlab::aopc {

State InitialState(const Params& p) {
  State s;
  s.gamma = p.gamma0;
  return s;
}

lred::MeterSettings MeterOf(const Params& p) {
  return lred::MeterSettings{static_cast<int>(p.periods), p.mw};
}

double TuningFactor(double l) {
  const double x = std::clamp(l, 0.0, kMaxLoss);
  return std::sqrt(1.5 * x) / (1.0 - x);
}

double Gain(double l, double req, double capacity_pps) {
  const double f = TuningFactor(l);
  return f * (1.0 + 4.0 * f * f) / (req * capacity_pps);
}

double GainAfterMeasurement(const Params& p, double l, double capacity_pps) {
  return l > 0 ? Gain(l, p.req, capacity_pps) : p.gamma0;
}

double GainRatioToLredApprox(double l, double beta, double req, double capacity_pps) {
  return std::sqrt(1.5) * (1.0 + 6.0 * l) / (beta * req * capacity_pps);
}

Decision Decide(const Params& p, State& s, double q, bool buffer_full, double uniform) {
  s.p = lred::Probability(s.meter.l, s.gamma, q, p.q0);
  return lred::Admit(s.meter, s.p, 1.0, buffer_full, uniform);
}

void OnTimer(const Params& p, State& s, double capacity_pps) {
  lred::ClosePeriod(s.meter, MeterOf(p));
  s.gamma = GainAfterMeasurement(p, s.meter.l, capacity_pps);
}

}  // namespace aqmlab::aopc
