#include "aqm/sred/sred_law.h"

#include <algorithm>

namespace aqmlab::sred {

Region RegionOf(double avg, double min_th, double max_th) {
  if (avg < min_th) return Region::kBelow;
  if (avg > max_th) return Region::kAbove;
  return Region::kBetween;
}

double AdjustMaxP(const Params& p, double max_p, Region from, Region to) {
  if (from == to) return max_p;
  if (to == Region::kBelow) max_p /= p.alpha;
  if (to == Region::kAbove) max_p *= p.beta;
  return std::clamp(max_p, kMinMaxP, kMaxMaxP);
}

void OnAverageUpdated(const Params& p, State& s) {
  const Region now = RegionOf(s.red.avg, p.min_th, p.max_th);
  s.max_p = AdjustMaxP(p, s.max_p, s.region, now);
  s.region = now;
}

}  // namespace aqmlab::sred
