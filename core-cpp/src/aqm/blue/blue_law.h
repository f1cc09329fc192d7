// BLUE's control law (Feng, Kandlur, Saha & Shin, "The BLUE active queue
// management algorithms", IEEE/ACM ToN 2002). Pure functions: p rises on
// buffer overflow and falls when the link goes idle, at most once per
// freeze time; arrivals are signalled with probability p.
#pragma once

#include "net/discipline.h"

namespace aqmlab::blue {

struct Params {
  double freeze_ms = 10;  // minimum time between two changes of p
  double d1 = 0.001;      // increment on overflow
  double d2 = 0.0002;     // decrement on link idle
};

struct State {
  double p = 0;
  Time last_update;  // time of the last change of p (0 at the start)
};

// A packet was lost to a full buffer: p += d1 if the freeze time has passed.
void OnOverflow(const Params& p, State& s, Time now);
// The link went idle (the queue emptied): p -= d2 if the freeze time has passed.
void OnLinkIdle(const Params& p, State& s, Time now);
Decision Decide(const State& s, double uniform);

}  // namespace aqmlab::blue
