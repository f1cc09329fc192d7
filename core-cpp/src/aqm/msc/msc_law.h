// MSC's control law (Ji, Dong, multiscale controller for AQM). A long time
// scale sets the base probability from the measured load, pa = 1 - 1/rho,
// which makes the admitted rate equal the capacity whatever N and RTT are;
// a short one adds a queue term, pd = pa + alpha (q - qref) / qref.
#pragma once

#include "net/discipline.h"

namespace aqmlab::msc {

struct Params {
  double qref = 40;       // pkts
  double alpha = 1.0;     // (0, 1]
  double ts_s = 0.01;     // s, queue sampling
  double ts_l = 0.2;      // s, rate sampling; the paper gives no number
  double r_w = 0.5;       // rate smoothing weight; the paper gives no number
  double pa_floor = 0.01; // paper: "0.01 or zero"
};

struct State {
  double bytes = 0;  // arrived since the last rate sample
  double rate = 0;   // smoothed arrival rate A, bytes/s
  double rho = 1;    // A / C
  double pa = 0.01;  // base probability
  double pq = 0;     // queue term
  double pd = 0;     // applied probability
  Time last_rate;
  Time last_q;
};

// As the paper's listing: rho = 1, A = C, pa at its floor (0.01), pd = 0.
State InitialState(const Params& p, double capacity_bytes_per_s);

// pa = pa_floor while rho <= 1, else 1 - 1/rho.
double BaseProbability(double rho, double pa_floor);

// The long time scale: when ts_l has passed, A = r_w r + (1 - r_w) A with r
// the bytes per second since the last sample, then rho and pa.
void SampleRateIfDue(const Params& p, State& s, Time now, double capacity_bytes_per_s);

// The short time scale: when ts_s has passed, pd = clamp(pa + pq, 0, 1).
void SampleQueueIfDue(const Params& p, State& s, Time now, double q);

// One arrival: `q` the queue in packets before it.
Decision Decide(const Params& p, State& s, Time now, double q, Bytes packet_bytes,
                bool buffer_full, double capacity_bytes_per_s, double uniform);

}  // namespace aqmlab::msc
