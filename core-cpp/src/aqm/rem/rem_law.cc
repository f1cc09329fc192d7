#include "aqm/rem/rem_law.h"

#include <algorithm>
#include <cmath>

#include "sim/portable_math.h"

namespace aqmlab::rem {

void Update(const Params& p, State& s, double q, Interval in) {
  const double mismatch = p.queue_growth
                              ? q - (1.0 - p.alpha) * s.q_old - p.alpha * p.q0
                              : p.alpha * (q - p.q0) + in.arrived - in.capacity;
  s.price = std::max(0.0, s.price + p.gamma * mismatch);
  s.q_old = q;
  s.p = std::clamp(1.0 - pmath::Pow(p.phi, -s.price), 0.0, 1.0);
}

Decision Decide(const State& s, double uniform) {
  return uniform < s.p ? Decision::kCongest : Decision::kPass;
}

}  // namespace aqmlab::rem
