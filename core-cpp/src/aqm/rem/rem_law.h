// REM's control law (Athuraliya, Low, Li & Yin, "REM: active queue
// management", IEEE Network 2001): a price that integrates the backlog
// mismatch and the rate mismatch (measured input rate minus capacity, as the
// paper and ns-2's Queue/REM; or, optionally, the spec's queue-growth form),
// and an exponential map from price to probability. Pure functions.
#pragma once

#include "net/discipline.h"

namespace aqmlab::rem {

struct Params {
  double phi = 1.001;        // base of the price-to-probability map, > 1
  double alpha = 0.1;        // weight of the mismatch against the growth
  double gamma = 0.001;      // step size of the price
  double interval_ms = 2;    // update period
  double q0 = 50;            // target backlog, pkts
  bool queue_growth = false;  // rate term from the queue's growth (spec), not the input rate
};

struct State {
  double price = 0;  // u
  double q_old = 0;  // the queue at the previous update (empty at start)
  double p = 0;
};

// What the queue measured over the interval that just ended, in packets of
// the scenario's size: the arrivals (dropped ones included: the paper's and
// ns-2's input rate is the offered one) and what the link could send.
struct Interval {
  double arrived = 0;
  double capacity = 0;
};

// One update, p = 1 - phi^(-u), q_old = q, with
//   the paper's form:  u = max(0, u + gamma (alpha (q - q0) + arrived - capacity));
//   queue_growth on:   u = max(0, u + gamma (q - (1 - alpha) q_old - alpha q0)).
// The two agree while the link is busy and nothing is dropped (the queue then
// grows by arrived - capacity), up to the growth's weight 1 - alpha. They
// part when the link idles (the paper's price falls, the growth is zero) and
// when arrivals are dropped (they count in the rate, not in the growth).
void Update(const Params& p, State& s, double q, Interval in);
Decision Decide(const State& s, double uniform);

}  // namespace aqmlab::rem
