// LRED's control law (Wang, Li, Hou, Sohraby, Lin, "LRED: a robust active
// queue management scheme based on packet loss ratio", INFOCOM 2004).
// Two time scales: the measured loss ratio l sets the base probability, the
// instantaneous queue mismatch corrects it: p = l + beta sqrt(l) (q - q0).
#pragma once

#include "aqm/lred/loss_meter.h"

namespace aqmlab::lred {

struct Params {
  double q0 = 50;       // expected queue; the lab's default is B/4
  double beta = 0.001;
  double mp = 1.0;      // seconds
  int64_t periods = 4;  // M
  double mw = 0.1;
  bool byte_mode = false;
};

struct State {
  LossMeter meter;
  double gain = 0;  // beta sqrt(l)
  double p = 0;     // at the last arrival
};

MeterSettings MeterOf(const Params& p);

// The queue gain of the law, beta sqrt(l).
double Gain(double beta, double l);

// One arrival: `q` the queue before it (packets, or typical-packet units in
// byte mode), `weight` its count in Na/Nd (1, or its size in typical packets).
Decision Decide(const Params& p, State& s, double q, double weight, bool buffer_full,
                double uniform);

// The timer, every mp: closes the measurement period and refreshes the gain.
void OnTimer(const Params& p, State& s);

}  // namespace aqmlab::lred
