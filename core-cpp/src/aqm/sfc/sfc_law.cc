#include "aqm/sfc/sfc_law.h"

#include <algorithm>

namespace aqmlab::sfc {

State Initial(double capacity_pps) {
  State s;
  s.rate_pps = capacity_pps;
  return s;
}

void MeasureArrival(const Params& p, State& s, Time now, double pkts) {
  s.window_pkts += pkts;
  const Time elapsed = now - s.window_start;
  if (elapsed < Time::Millis(p.rate_window_ms)) return;
  const double sample = s.window_pkts / elapsed.seconds();
  s.rate_pps = (1.0 - p.rate_weight) * s.rate_pps + p.rate_weight * sample;
  s.window_pkts = 0;
  s.window_start = now;
}

Decision Decide(const Params& p, State& s, double q, double capacity_pps, double uniform) {
  s.p = std::clamp(p.k1 * (q - p.q0) + p.a * (s.rate_pps - capacity_pps), 0.0, 1.0);
  return uniform < s.p ? Decision::kCongest : Decision::kPass;
}

}  // namespace aqmlab::sfc
