#include "traffic/cc/cubic/cubic_law.h"

#include "sim/portable_math.h"

namespace aqmlab::cubic {

double CubeRoot(double x) {
  if (x <= 0) return 0;
  // Pow's estimate, then two Newton steps (only +, *, /: IEEE-exact everywhere).
  double r = pmath::Pow(x, 1.0 / 3.0);
  for (int i = 0; i < 2; ++i) r = r - (r * r * r - x) / (3 * r * r);
  return r;
}

double K(const Params& p, double w_max, double cwnd_epoch) {
  return w_max > cwnd_epoch ? CubeRoot((w_max - cwnd_epoch) / p.c) : 0.0;
}

double WCubic(const Params& p, double w_max, double k, double t) {
  const double d = t - k;
  return p.c * d * d * d + w_max;
}

double RenoFriendlyAlpha(const Params& p, const State& s) {
  return s.w_est >= s.cwnd_prior ? 1.0 : 3 * (1 - p.beta) / (1 + p.beta);
}

void OnCongestion(const Params& p, State& s, double cwnd) {
  // Fast convergence: a flow whose window peaked below the last peak
  // releases bandwidth for newcomers by aiming lower.
  if (p.fast_convergence && cwnd < s.w_max) {
    s.w_max = cwnd * (1 + p.beta) / 2;
  } else {
    s.w_max = cwnd;
  }
  s.cwnd_prior = cwnd;
  s.in_epoch = false;
}

double LossSsthresh(const Params& p, double flight) {
  const double v = flight * p.beta;
  return v > 2.0 ? v : 2.0;
}

void OnAvoidanceAck(const Params& p, State& s, Time now, CcWindow& w) {
  if (!s.in_epoch) {
    s.in_epoch = true;
    s.t_epoch = now;
    s.cwnd_epoch = w.cwnd;
    // Leaving slow start without a loss: the window so far is the plateau.
    if (s.w_max < w.cwnd) s.w_max = w.cwnd;
    s.k = K(p, s.w_max, s.cwnd_epoch);
    s.w_est = w.cwnd;
  }
  const double t = (now - s.t_epoch).seconds();
  // Sec. 4.2: aim one RTT ahead, never below cwnd nor above 1.5 cwnd.
  double target = WCubic(p, s.w_max, s.k, t + s.srtt.seconds());
  if (target < w.cwnd) target = w.cwnd;
  if (target > 1.5 * w.cwnd) target = 1.5 * w.cwnd;
  if (p.reno_friendly) {
    s.w_est += RenoFriendlyAlpha(p, s) / w.cwnd;
    if (WCubic(p, s.w_max, s.k, t) < s.w_est) {
      w.cwnd = s.w_est;  // sec. 4.3: the Reno-friendly region
      return;
    }
  }
  w.cwnd += (target - w.cwnd) / w.cwnd;
}


}  // namespace aqmlab::cubic
