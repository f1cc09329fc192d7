#include "aqm/dualpi2/dualpi2_law.h"

#include <algorithm>

namespace aqmlab::dualpi2 {

Params LinuxParams() { return Params{}; }

Params RfcParams() {
  constexpr double kRttMaxS = 0.1;
  constexpr double kTargetMs = 15;
  Params p;
  p.target_ms = kTargetMs;
  p.t_update_ms = std::min(kTargetMs, kRttMaxS * 1e3 / 3);
  p.alpha = 0.1 * (p.t_update_ms / 1e3) / (kRttMaxS * kRttMaxS);
  p.beta = 0.3 / kRttMaxS;
  p.step_thresh_ms = 0.8;
  p.ramp_ms = 0.4;
  return p;
}

void Update(const Params& p, State& s, Time l_head_sojourn, Time c_head_sojourn) {
  const Time q = std::max(l_head_sojourn, c_head_sojourn);
  const double next = s.p + p.alpha * (q.seconds() - p.target_ms / 1e3) +
                      p.beta * (q - s.prev_qdelay).seconds();
  const double ceiling = p.drop_on_overload ? 1.0 : 1.0 / p.k;
  s.p = std::clamp(next, 0.0, ceiling);
  s.prev_qdelay = q;
}

double CoupledP(const Params& p, double base) { return std::min(p.k * base, 1.0); }

double NativeP(const Params& p, Time sojourn) {
  const double ms = sojourn.millis();
  if (p.ramp_ms <= 0) return ms > p.step_thresh_ms ? 1.0 : 0.0;
  return std::clamp((ms - p.step_thresh_ms) / p.ramp_ms, 0.0, 1.0);
}

Decision OnClassic(const Params& p, const State& s, Bytes backlog, Bytes mtu, double uniform) {
  if (BelowFloor(backlog, mtu) || uniform >= ClassicP(s.p)) return Decision::kPass;
  return Overloaded(p, s.p) ? Decision::kForceDrop : Decision::kCongest;
}

LVerdict OnL(const Params& p, const State& s, Time sojourn, Bytes backlog, Bytes mtu,
             double uniform) {
  const bool floor = BelowFloor(backlog, mtu);
  if (!floor && Overloaded(p, s.p)) {
    if (p.drop_on_overload && uniform < ClassicP(s.p)) {
      return {Decision::kForceDrop, LCause::kOverloadDrop};
    }
    return {Decision::kCongest, LCause::kOverloadMark};
  }
  const double native = NativeP(p, sojourn);
  const double coupled = floor ? 0.0 : CoupledP(p, s.p);
  if (uniform < native) return {Decision::kCongest, LCause::kStep};
  if (uniform < coupled) return {Decision::kCongest, LCause::kCoupled};
  return {};
}

Weights SchedulerWeights(const Params& p) {
  return {p.classic_protection, 100 - p.classic_protection};
}

}  // namespace aqmlab::dualpi2
