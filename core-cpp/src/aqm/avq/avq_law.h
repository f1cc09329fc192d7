// AVQ's control law (Kunniyur & Srikant, "Analysis and design of an adaptive
// virtual queue (AVQ) algorithm for active queue management", SIGCOMM 2001).
// Pure functions: a virtual queue served at Cv <= C decides on each arrival,
// and Cv adapts so that the arrival rate settles at gamma C.
#pragma once

#include "net/discipline.h"

namespace aqmlab::avq {

struct Params {
  double gamma = 0.98;  // desired utilisation
  double alpha = 0.15;  // damping: step size of the virtual capacity
};

struct State {
  double vq_bytes = 0;       // virtual queue
  double cv_bytes_ps = 0;    // virtual capacity Cv, bytes/s
  Time last_arrival;         // s, the previous arrival (0 at the start)
  double signal_rate = 0;    // share of recent arrivals signalled, for p(t)
};

// The state at the start: an empty virtual queue served at the full capacity.
State Initial(double capacity_bytes_ps);

// One arrival of `size` bytes at `now`: drain VQ at Cv since the last arrival;
// signal the packet if it does not fit in the virtual buffer (`buffer_bytes`),
// else add it; then Cv += alpha (gamma C (now - s) - size), clamped to [0, C].
Decision OnArrival(const Params& p, State& s, Time now, Bytes size, double capacity_bytes_ps,
                   double buffer_bytes);

}  // namespace aqmlab::avq
