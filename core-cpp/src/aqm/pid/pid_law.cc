#include "aqm/pid/pid_law.h"

#include <algorithm>

namespace aqmlab::pid {

State Initial(const Params& p) {
  State s;
  s.e1 = s.e2 = -p.qref;
  return s;
}

void Update(const Params& p, State& s, double q) {
  const double t = 1.0 / p.freq_hz;
  const double e = q - p.qref;
  const double step =
      p.kp * (e - s.e1) + p.ki * t * e + (p.kd / t) * (e - 2.0 * s.e1 + s.e2);
  s.p = std::clamp(s.p + step, 0.0, 1.0);
  s.e2 = s.e1;
  s.e1 = e;
}

Decision Decide(const State& s, double uniform) {
  return uniform < s.p ? Decision::kCongest : Decision::kPass;
}

}  // namespace aqmlab::pid
