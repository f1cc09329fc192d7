// PIE's control law (RFC 8033, Pan, Natarajan, Baker, White 2017). Pure
// functions: the caller passes the queue, the time and the draw. The delay
// estimate is timestamp based: the sojourn time of the latest departure,
// zero once the queue has gone empty (the timestamps RFC 8033 sec. 4.3 allows
// instead of the Little's-law estimate of sec. 5.2; Linux's default).
#pragma once

#include "net/discipline.h"

namespace aqmlab::pie {

struct Params {
  double target_ms = 15;      // QDELAY_REF
  double t_update_ms = 15;    // T_UPDATE
  double alpha = 0.125;       // Hz
  double beta = 1.25;         // Hz
  double max_burst_ms = 150;  // MAX_BURST
  double mark_ecn_th = 0.1;   // above this p, ECN-capable packets are dropped too
  bool cap_drop = true;        // limit each increase to 2% once p >= 10%
};

struct State {
  double p = 0;           // drop_prob_
  Time qdelay;            // current_qdelay
  Time qdelay_old;        // qdelay_old_
  Time burst_allowance;   // burst_allowance_
};

// The state PIE starts in: no drops, a full burst allowance.
State Initial(const Params& p);

// RFC 8033 sec. 4.2's auto-scaling of the alpha/beta step by p's order of
// magnitude: 1/2048 below 1e-6 ... 1/2 below 0.1, 1 from 0.1 on.
double ScaleFactor(double p);

// The periodic update (every t_update): the scaled PI step on the delay
// estimate, the 2% cap, the decay while the queue is idle, the clamp, then the
// burst allowance (spend t_update; refill when p = 0 and both delays are
// below target/2), then qdelay_old = qdelay.
void Update(const Params& p, State& s);

// The arrival test (RFC 8033 sec. 4.1): no drop during the burst allowance,
// while qdelay_old < target/2 and p < 0.2, or with at most two mean packets
// queued; else drop/mark with probability p. ECN-capable packets are
// dropped instead of marked once p >= mark_ecn_th (sec. 5.1).
Decision OnArrival(const Params& p, const State& s, Bytes queue_bytes, Bytes mean_packet,
                   bool markable, double uniform);

inline void OnDeparture(State& s, Time sojourn) { s.qdelay = sojourn; }
inline void OnQueueEmpty(State& s) { s.qdelay = Time(); }

}  // namespace aqmlab::pie
