// The PI controller of Hollot, Misra, Towsley & Gong ("On designing improved
// controllers for AQM routers supporting TCP flows", INFOCOM 2001), in the
// paper's discrete form. Pure functions: the caller samples the queue.
#pragma once

#include "net/discipline.h"

namespace aqmlab::pi {

struct Params {
  double a = 1.822e-5;    // gain on the current error
  double b = 1.816e-5;    // gain on the previous error
  double freq_hz = 170;   // sampling frequency
  double qref = 50;       // reference queue, pkts
};

struct State {
  double p = 0;
  double q_old = 0;  // the queue at the previous sample (empty at start)
};

// One sample, every 1/freq_hz s: p += a (q - qref) - b (q_old - qref),
// clamped to [0, 1]; q_old = q.
void Update(const Params& p, State& s, double q);
Decision Decide(const State& s, double uniform);

}  // namespace aqmlab::pi
