#include "aqm/lred/lred_law.h"

#include <cmath>

namespace aqmlab::lred {

MeterSettings MeterOf(const Params& p) {
  return MeterSettings{static_cast<int>(p.periods), p.mw};
}

double Gain(double beta, double l) { return beta * std::sqrt(l); }

Decision Decide(const Params& p, State& s, double q, double weight, bool buffer_full,
                double uniform) {
  s.p = Probability(s.meter.l, s.gain, q, p.q0);
  return Admit(s.meter, s.p, weight, buffer_full, uniform);
}

void OnTimer(const Params& p, State& s) {
  ClosePeriod(s.meter, MeterOf(p));
  s.gain = Gain(p.beta, s.meter.l);
}

}  // namespace aqmlab::lred
