// AOPC's control law (Wang, Rong, "Adaptive optimized proportional
// controller", for TCP/AQM networks): LRED's loss-ratio measurement with the
// proportional gain gamma chosen, after each measurement, so that the
// linearised TCP/AQM loop is second order with damping 0.707.
#pragma once

#include "aqm/lred/loss_meter.h"

namespace aqmlab::aopc {

struct Params {
  double q0 = 20;        // paper: 20 pkts
  double req = 0.18;     // assumed harmonic-mean RTT, s
  double mp = 1.0;       // s
  int64_t periods = 4;   // M
  double mw = 0.1;
  double gamma0 = 1e-4;  // gain used while l = 0
};

struct State {
  lred::LossMeter meter;
  double gamma = 1e-4;
  double p = 0;
};

State InitialState(const Params& p);
lred::MeterSettings MeterOf(const Params& p);

// f(l) = sqrt(3 l / 2) / (1 - l). The loss ratio is capped at kMaxLoss so the
// factor stays finite when every packet is lost.
inline constexpr double kMaxLoss = 0.99;
double TuningFactor(double l);

// gamma = f(l) (1 + 4 f(l)^2) / (Req C), C in packets/s.
double Gain(double l, double req, double capacity_pps);

// The gain after a measurement: Gain(l, ...) once l > 0; while l = 0 the
// initial gamma0 (a zero gain would switch the controller off).
double GainAfterMeasurement(const Params& p, double l, double capacity_pps);

// The small-l approximation of gamma / (beta sqrt(l)), AOPC's gain over
// LRED's: sqrt(3/2) (1 + 6 l) / (beta Req C).
double GainRatioToLredApprox(double l, double beta, double req, double capacity_pps);

Decision Decide(const Params& p, State& s, double q, bool buffer_full, double uniform);

// The timer, every mp: closes the measurement period, then recomputes gamma.
void OnTimer(const Params& p, State& s, double capacity_pps);

}  // namespace aqmlab::aopc
