#include "aqm/red/red_law.h"

#include <cmath>
#include <limits>

#include "sim/portable_math.h"

namespace aqmlab::red {

double UpdateAverage(double avg, double weight, double q, bool link_idle, Time idle_for,
                     Time typical_tx) {
  if (link_idle && typical_tx.ns() > 0) {
    const double m = static_cast<double>(idle_for.ns()) / static_cast<double>(typical_tx.ns());
    return avg * pmath::Pow(1.0 - weight, m);
  }
  return (1.0 - weight) * avg + weight * q;
}

double CurveProbability(const Params& p, double avg) {
  if (avg < p.min_th) return 0.0;
  if (avg < p.max_th) return p.max_p * (avg - p.min_th) / (p.max_th - p.min_th);
  if (p.gentle && avg < 2 * p.max_th) {
    return p.max_p + (1.0 - p.max_p) * (avg - p.max_th) / p.max_th;
  }
  return 1.0;
}

bool AboveUpperBound(const Params& p, double avg) {
  return avg >= (p.gentle ? 2 * p.max_th : p.max_th);
}

CurvePoint CurveInverse(const Params& p, double pb) {
  if (pb <= 0) return {p.min_th, CurveRegion::kBelow};
  if (pb <= p.max_p) return {p.min_th + pb / p.max_p * (p.max_th - p.min_th), CurveRegion::kRamp};
  if (pb >= 1) return {p.gentle ? 2 * p.max_th : p.max_th, CurveRegion::kAbove};
  if (!p.gentle) return {p.max_th, CurveRegion::kJump};
  return {p.max_th + (pb - p.max_p) / (1 - p.max_p) * p.max_th, CurveRegion::kGentle};
}

double CurveSlope(const Params& p, CurveRegion region) {
  switch (region) {
    case CurveRegion::kRamp:
      return p.max_p / (p.max_th - p.min_th);
    case CurveRegion::kGentle:
      return (1 - p.max_p) / p.max_th;
    case CurveRegion::kJump:
      return std::numeric_limits<double>::infinity();
    case CurveRegion::kBelow:
    case CurveRegion::kAbove:
      break;
  }
  return 0;
}

double SpreadProbability(const Params& p, int64_t count, double pb) {
  const double spread = static_cast<double>(count) * pb;
  if (p.wait) {
    if (spread < 1.0) return 0.0;
    return spread >= 2.0 ? 1.0 : std::fmin(1.0, pb / (2.0 - spread));
  }
  return spread >= 1.0 ? 1.0 : std::fmin(1.0, pb / (1.0 - spread));
}

Decision Decide(const Params& p, State& s, double size_ratio, double uniform) {
  s.pb = CurveProbability(p, s.avg);
  if (s.avg < p.min_th) {
    s.count = -1;
    s.pa = 0;
    return Decision::kPass;
  }
  if (AboveUpperBound(p, s.avg)) {
    s.count = 0;
    s.pa = 1;
    return Decision::kForceDrop;
  }
  ++s.count;
  double pb = s.pb;
  if (p.byte_mode) pb = std::fmin(1.0, pb * size_ratio);
  s.pa = SpreadProbability(p, s.count, pb);
  if (uniform < s.pa) {
    s.count = 0;
    return Decision::kCongest;
  }
  return Decision::kPass;
}

std::unique_ptr<RunningState> HandoverOf(const State& s, double adapted_max_p) {
  auto h = std::make_unique<Handover>();
  h->avg = s.avg;
  h->count = s.count;
  h->pb = s.pb;
  h->pa = s.pa;
  h->idle_since = s.idle_since;
  h->adapted_max_p = adapted_max_p;
  return h;
}

const Handover* TakeOver(State& s, const RunningState& from) {
  const auto* h = dynamic_cast<const Handover*>(&from);
  if (!h) return nullptr;
  s.avg = h->avg;
  s.count = h->count;
  s.pb = h->pb;
  s.pa = h->pa;
  s.idle_since = h->idle_since;
  return h;
}

}  // namespace aqmlab::red
