// DualPI2's law (RFC 9332, the DualQ Coupled AQM with a PI2 base; Linux's
// net/sched/sch_dualpi2.c). Pure functions: the caller passes the queue
// delays, the backlog and the draw. One base probability p' drives both
// queues: the Classic queue's p_C = p'^2 and the L queue's coupled
// p_CL = k p' (RFC 9332 sec. 2.1, eq. (1): p_C = (p_CL / k)^2), combined in
// the L queue with its own native step on the L packet's sojourn.
#pragma once

#include <cstdint>

#include "net/discipline.h"

namespace aqmlab::dualpi2 {

struct Params {
  // The PI2 base controller (Linux's defaults; RfcParams() for RFC 9332's).
  double target_ms = 15;     // target queue delay
  double t_update_ms = 16;   // Tupdate, the PI sampling interval
  double alpha = 0.16;       // integral gain, Hz
  double beta = 3.2;         // proportional gain, Hz
  double k = 2;              // coupling factor
  // The L queue's native AQM on its packets' sojourn: a step at
  // step_thresh_ms (Linux, 1 ms), or with ramp_ms > 0 a ramp from
  // step_thresh_ms to step_thresh_ms + ramp_ms (RFC 9332 App. A.1: minTh
  // 800 us, range 400 us).
  double step_thresh_ms = 1;
  double ramp_ms = 0;
  // The scheduler's classic protection: the Classic queue's share, in
  // percent, of the bytes sent while both queues hold packets (Linux's
  // classic_protection, 10).
  int64_t classic_protection = 10;
  // Once k p' > 1, drop L packets with p_C instead of marking them all
  // (Linux's drop_on_overload, the default; RFC 9332 sec. 4.2.3). Off:
  // p' stays at most 1/k and the buffer overflows instead.
  bool drop_on_overload = true;
};

// The two parameter sets, each with k = 2.
// Linux's dualpi2_reset_default: target 15 ms, tupdate 16 ms, alpha 41/256
// (0.16 Hz), beta 819/256 (3.2 Hz), step_thresh 1 ms, classic_protection 10.
Params LinuxParams();
// RFC 9332 App. A.1 (its dualpi2_params_init): target 15 ms, RTT_max 100 ms,
// Tupdate = min(target, RTT_max/3) = 15 ms, alpha = 0.1 Tupdate / RTT_max^2
// = 0.15 Hz, beta = 0.3 / RTT_max = 3 Hz; the L ramp minTh 800 us, range
// 400 us. The RFC leaves the scheduler's weight open; Linux's 10% is kept.
Params RfcParams();

struct State {
  double p = 0;      // p', the base probability
  Time prev_qdelay;  // the delay at the previous update (prevq)
};

// The update every Tupdate (RFC 9332 App. A.1's dualpi2_update; Linux's
// calculate_probability): on the greater of the two queues' head sojourn
// times (Linux takes max(qdelay_l, qdelay_c), so an L queue that builds
// pushes the coupled signal too), p' += alpha (q - target) + beta
// (q - prevq), clamped to [0, 1], or to [0, 1/k] without drop on overload.
void Update(const Params& p, State& s, Time l_head_sojourn, Time c_head_sojourn);

// The Classic queue's probability p_C = p'^2.
inline double ClassicP(double base) { return base * base; }
// The L queue's coupled probability p_CL = k p', at most 1 (it saturates).
double CoupledP(const Params& p, double base);
// Overload: k p' > 1 (Linux: l_prob > MAX_PROB; RFC 9332 App. A.1's p_CL
// reaching p_Lmax, and p_C reaching p_Cmax = 1/k^2 on the Classic side).
inline bool Overloaded(const Params& p, double base) { return p.k * base > 1; }

// The L queue's native AQM p'_L on the packet's sojourn: 0 or 1 for the
// step (1 above the threshold, Linux's do_step_aqm), a linear ramp with
// ramp_ms > 0 (RFC 9332 App. A.1's laqm()).
double NativeP(const Params& p, Time sojourn);

// No probabilistic signal while the queues hold under two MTUs after the
// departing packet (Linux's must_drop: backlog < 2 psched_mtu).
inline bool BelowFloor(Bytes backlog, Bytes mtu) { return backlog < 2 * mtu; }

// A Classic departure (RFC 9332 App. A.1's dequeue, Classic branch; Linux's
// dualpi2_classic_marking): with probability p_C a signal, which the queue
// makes a mark on ECN-capable packets and a drop on others; in overload a
// drop whatever the packet.
Decision OnClassic(const Params& p, const State& s, Bytes backlog, Bytes mtu, double uniform);

// What became of an L departure and why.
enum class LCause : uint8_t { kNone, kStep, kCoupled, kOverloadDrop, kOverloadMark };
struct LVerdict {
  Decision decision = Decision::kPass;
  LCause cause = LCause::kNone;
};
// An L departure: outside overload a mark with p_L = max(p'_L, p_CL), the
// RFC's combining function, put down to the native step when the draw
// alone would have fired it (u < p'_L) and to the coupling otherwise; the
// coupled part is silenced under two MTUs of backlog, the native part is
// not (Linux applies the step apart from must_drop). In overload (k p' > 1)
// a drop with p_C and a mark of every other packet (p_CL saturated).
LVerdict OnL(const Params& p, const State& s, Time sojourn, Bytes backlog, Bytes mtu,
             double uniform);

// The scheduler's weights (Linux's dualpi2_calculate_c_protection): the
// credit moves by +wc bytes per L byte sent and -wl per Classic byte, and
// the L queue goes first while the credit is <= 0, so with both backlogged
// the Classic queue gets wc / (wc + wl) of the bytes.
struct Weights {
  int64_t wc;  // classic_protection
  int64_t wl;  // 100 - classic_protection
};
Weights SchedulerWeights(const Params& p);
// The credit the scheduler starts from and returns to when both queues are
// empty: one MTU times (wc - wl), so the L queue goes first.
inline int64_t InitialCredit(const Weights& w, Bytes mtu) { return mtu * (w.wc - w.wl); }

}  // namespace aqmlab::dualpi2
