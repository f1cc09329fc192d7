#include "aqm/pie/pie_law.h"

#include <algorithm>

namespace aqmlab::pie {

State Initial(const Params& p) {
  State s;
  s.burst_allowance = Time::Millis(p.max_burst_ms);
  return s;
}

double ScaleFactor(double p) {
  if (p < 1e-6) return 1.0 / 2048;
  if (p < 1e-5) return 1.0 / 512;
  if (p < 1e-4) return 1.0 / 128;
  if (p < 1e-3) return 1.0 / 32;
  if (p < 1e-2) return 1.0 / 8;
  if (p < 1e-1) return 1.0 / 2;
  return 1.0;
}

void Update(const Params& p, State& s) {
  const double ref = p.target_ms * 1e-3;
  const double cur = s.qdelay.seconds();
  const double old = s.qdelay_old.seconds();
  double step = (p.alpha * (cur - ref) + p.beta * (cur - old)) * ScaleFactor(s.p);
  if (p.cap_drop && s.p >= 0.1 && step > 0.02) step = 0.02;
  s.p += step;
  if (s.qdelay == Time() && s.qdelay_old == Time()) s.p *= 0.98;
  s.p = std::clamp(s.p, 0.0, 1.0);

  const Time t_update = Time::Millis(p.t_update_ms);
  s.burst_allowance = s.burst_allowance > t_update ? s.burst_allowance - t_update : Time();
  const Time half_ref = Time::Millis(p.target_ms / 2);
  if (s.p == 0 && s.qdelay < half_ref && s.qdelay_old < half_ref) {
    s.burst_allowance = Time::Millis(p.max_burst_ms);
  }
  s.qdelay_old = s.qdelay;
}

Decision OnArrival(const Params& p, const State& s, Bytes queue_bytes, Bytes mean_packet,
                   bool markable, double uniform) {
  if (s.burst_allowance > Time()) return Decision::kPass;
  if (s.qdelay_old < Time::Millis(p.target_ms / 2) && s.p < 0.2) return Decision::kPass;
  if (queue_bytes <= 2 * mean_packet) return Decision::kPass;
  if (uniform >= s.p) return Decision::kPass;
  return markable && s.p >= p.mark_ecn_th ? Decision::kForceDrop : Decision::kCongest;
}

}  // namespace aqmlab::pie
