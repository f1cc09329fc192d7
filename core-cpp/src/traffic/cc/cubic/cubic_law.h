// CUBIC's window law (RFC 9438), in segments and seconds. Pure functions:
// the caller passes the time, the ACK's figures and the window.
#pragma once

#include "sim/time.h"
#include "traffic/cc/congestion_control.h"

namespace aqmlab::cubic {

struct Params {
  double c = 0.4;               // C, segments / s^3 (sec. 5.1)
  double beta = 0.7;            // beta_cubic, the multiplicative decrease (sec. 4.6)
  bool fast_convergence = true;  // sec. 4.7
  bool reno_friendly = true;     // sec. 4.3: never slower than AIMD(alpha_cubic, beta_cubic)
  bool hystart = true;           // RFC 9406 HyStart++ in slow start (Linux's default)
};

struct State {
  double w_max = 0;       // window at the last congestion event (0: none yet)
  double cwnd_prior = 0;  // cwnd just before that reduction
  bool in_epoch = false;  // a congestion-avoidance epoch has begun
  Time t_epoch;
  double cwnd_epoch = 0;
  double k = 0;           // seconds to regain w_max
  double w_est = 0;       // the Reno-friendly estimate
  Time srtt;              // smoothed exact RTT (zero: no sample yet)
};

// The cube root, bit-identical native and wasm (std::cbrt is not
// correctly rounded, so each library may round it differently).
double CubeRoot(double x);

// Eq. (2): K = cbrt((W_max - cwnd_epoch) / C), 0 when the epoch starts at
// or above W_max.
double K(const Params& p, double w_max, double cwnd_epoch);

// Eq. (1): W_cubic(t) = C (t - K)^3 + W_max, t in seconds since the epoch.
double WCubic(const Params& p, double w_max, double k, double t);

// alpha_cubic (sec. 4.3): 3 (1 - beta) / (1 + beta) while W_est is below
// cwnd_prior, then 1.
double RenoFriendlyAlpha(const Params& p, const State& s);

// A congestion event at window `cwnd`: W_max with fast convergence (sec.
// 4.7), cwnd_prior, and the end of the epoch.
void OnCongestion(const Params& p, State& s, double cwnd);

// Sec. 4.6: the ssthresh after a loss, beta times the flight size, at
// least two segments.
double LossSsthresh(const Params& p, double flight);

// One ACK in congestion avoidance at `now` (secs. 4.2 to 4.5): starts the
// epoch if none is running, then grows toward W_cubic(t + RTT) (clamped to
// [cwnd, 1.5 cwnd]) or, in the Reno-friendly region, to W_est. Each ACK
// counts once whatever it covers, as NewReno's growth here (ns-2's): a
// cumulative ACK that jumps after a go-back-N must not leap the window.
void OnAvoidanceAck(const Params& p, State& s, Time now, CcWindow& w);

}  // namespace aqmlab::cubic
