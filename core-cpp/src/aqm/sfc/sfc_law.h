// State feedback control (Gao & Hou, "A state feedback control approach to
// stabilizing queues for ECN-enabled TCP connections", INFOCOM 2003): p is a
// linear feedback of the queue's offset and of the input rate's excess over
// the capacity (the queue's growth rate). Pure functions.
#pragma once

#include "net/discipline.h"

namespace aqmlab::sfc {

struct Params {
  double k1 = 1e-3;            // 1/pkt, weight of the queue offset
  double a = 2e-5;             // s/pkt, weight of the rate excess x - C
  double q0 = 20;              // pkts, reference queue
  double rate_window_ms = 10;  // input-rate measurement window
  double rate_weight = 0.25;   // EWMA weight of each window's rate
};

struct State {
  double rate_pps = 0;     // x, measured input rate, pkts/s
  double window_pkts = 0;  // arrivals counted in the current window
  Time window_start;
  double p = 0;
};

// The state at the start: the rate estimate begins at the capacity (no
// excess), the first window at time 0.
State Initial(double capacity_pps);

// Counts an arrival (`pkts` typical packets) into the rate measurement: when
// a window of rate_window has elapsed, x = (1 - w) x + w (window arrivals /
// window length), and a new window starts.
void MeasureArrival(const Params& p, State& s, Time now, double pkts);

// p = k1 (q - q0) + a (x - C), clamped; signal with probability p.
Decision Decide(const Params& p, State& s, double q, double capacity_pps, double uniform);

}  // namespace aqmlab::sfc
