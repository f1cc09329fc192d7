// REM's control law (Athuraliya, Low, Li & Yin, "REM: active queue
// management", IEEE Network 2001), in the sampled form of the lab's spec: a
// price that integrates the queue mismatch and its growth, and an
// exponential map from price to probability. Pure functions.
#pragma once

#include "net/discipline.h"

namespace aqmlab::rem {

struct Params {
  double phi = 1.001;        // base of the price-to-probability map, > 1
  double alpha = 0.1;        // weight of the mismatch against the growth
  double gamma = 0.001;      // step size of the price
  double interval_ms = 2;    // update period
  double q0 = 50;            // target backlog, pkts
};

struct State {
  double price = 0;  // u
  double q_old = 0;  // the queue at the previous update (empty at start)
  double p = 0;
};

// One update: u = max(0, u + gamma (q - (1 - alpha) q_old - alpha q0)),
// p = 1 - phi^(-u), q_old = q.
void Update(const Params& p, State& s, double q);
Decision Decide(const State& s, double uniform);

}  // namespace aqmlab::rem
