#include "aqm/aaqm/aaqm_law.h"

#include <algorithm>

namespace aqmlab::aaqm {

double Ratio(int64_t arrivals, int64_t departures) {
  if (departures == 0) return arrivals == 0 ? 0.0 : 1.0;
  return static_cast<double>(arrivals) / static_cast<double>(departures);
}

double Step(const Params& p, double prob, double u) {
  const bool below = u < 1.0;
  double next = prob;
  switch (static_cast<Rule>(p.rule)) {
    case Rule::kMismatchSteps:
      next = prob + (below ? p.p1 : p.p2) * (u - 1.0);
      break;
    case Rule::kFixed:
      next = below ? prob - p.p1 : prob + p.p2;
      break;
    case Rule::kMultiplicative:
      next = below ? prob * p.p1 : std::max(prob, kMultiplicativeFloor) * (1.0 + p.p2);
      break;
    case Rule::kProportional:
      next = below ? prob * p.p1 : p.p2 * (1.0 - 1.0 / u);
      break;
  }
  return std::clamp(next, 0.0, 1.0);
}

Decision OnArrival(const Params& p, State& s, bool buffer_full, double uniform,
                   bool congest_marks) {
  if (!p.count_admitted) ++s.arrivals;
  if (buffer_full) return Decision::kForceDrop;
  const Decision d = uniform < s.p ? Decision::kCongest : Decision::kPass;
  if (p.count_admitted && (d == Decision::kPass || congest_marks)) ++s.arrivals;
  return d;
}

void OnDeparture(State& s) { ++s.departures; }

void CloseInterval(const Params& p, State& s) {
  s.u = Ratio(s.arrivals, s.departures);
  s.p = Step(p, s.p, s.u);
  s.arrivals = 0;
  s.departures = 0;
}

}  // namespace aqmlab::aaqm
