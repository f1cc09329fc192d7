// A discrete PID controller on the queue error e = q - qref, in incremental
// (velocity) form so the clamp of p to [0, 1] cannot wind the integral up:
//   p += Kp (e - e1) + Ki T e + (Kd / T) (e - 2 e1 + e2),  T = 1 / freq.
// Pure functions: the caller samples the queue.
#pragma once

#include "net/discipline.h"

namespace aqmlab::pid {

struct Params {
  double kp = 8e-5;      // 1/pkt
  double ki = 4e-5;      // 1/(pkt s)
  double kd = 2e-6;      // s/pkt
  double freq_hz = 50;   // sampling frequency
  double qref = 50;      // reference queue, pkts
};

struct State {
  double p = 0;
  double e1 = 0;  // error at the previous sample
  double e2 = 0;  // error two samples ago
};

// The state at the start: an empty queue, so both past errors are -qref.
State Initial(const Params& p);

// One sample, every 1/freq_hz s.
void Update(const Params& p, State& s, double q);
Decision Decide(const State& s, double uniform);

}  // namespace aqmlab::pid
