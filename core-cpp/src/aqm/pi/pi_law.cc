#include "aqm/pi/pi_law.h"

#include <algorithm>

namespace aqmlab::pi {

void Update(const Params& p, State& s, double q) {
  s.p = std::clamp(s.p + p.a * (q - p.qref) - p.b * (s.q_old - p.qref), 0.0, 1.0);
  s.q_old = q;
}

Decision Decide(const State& s, double uniform) {
  return uniform < s.p ? Decision::kCongest : Decision::kPass;
}

}  // namespace aqmlab::pi
