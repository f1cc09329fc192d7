// COBALT, CAKE's AQM (Hoeiland-Joergensen, Taht & Morton, "Piece of CAKE: a
// comprehensive queue management solution for home gateways", IEEE LANMAN
// 2018, sec. III-D; Linux sch_cake.c's cobalt_* functions; ns-3's
// CobaltQueueDisc): CoDel's control law, with a count that decays instead
// of resetting and one drop_next doubling as an activity timer, plus BLUE
// for flows that do not respond. Pure functions over a State: the caller
// passes time, sojourn, whether a signal would mark, and a uniform draw.
#pragma once

#include <cstdint>

#include "aqm/blue/blue_law.h"
#include "aqm/codel/codel_law.h"
#include "net/discipline.h"

namespace aqmlab::cobalt {

struct Params {
  double target_ms = 5;                  // CoDel's target; also BLUE's freeze time
  double interval_ms = 100;              // CoDel's interval
  double p_inc = 1.0 / 256;              // BLUE's step up at a full queue
  double p_dec = 1.0 / 4096;             // BLUE's step down at an empty queue
  double blue_threshold_ms = 400;        // ns-3's BlueThreshold: a sojourn this long also raises p

  // BLUE with COBALT's numbers: freeze = target (a strict `now - last > target`).
  blue::Params Blue() const { return {target_ms, p_inc, p_dec}; }
};

struct State {
  int64_t count = 0;   // signals owed by the control law; decays, never resets
  bool dropping = false;
  Time drop_next;      // next signal while dropping; else when count next decays
  blue::State blue;    // p_drop and the time it last changed
  Time last_sojourn;   // for plotting
};

// One packet leaving the queue.
struct Candidate {
  Time now;
  Time sojourn;
  // The sojourn must also exceed this to count as over target: zero alone;
  // CAKE's 4 MTU times (and 2 per bulk flow), as sch_cake.c does.
  Time floor;
  bool markable;   // a CoDel signal will mark it, not drop it
  double uniform;  // a draw in [0, 1) for BLUE
};

// t + interval / sqrt(count), with count 0 read as 1 (sch_cake.c's inverse
// square-root cache holds ~1.0 for both).
Time ControlLaw(Time t, Time interval, int64_t count);

// The verdict on one departing packet (cobalt_should_drop): kCongest for
// CoDel's signal (a mark where ECN allows), kForceDrop for BLUE's, which
// drops even an ECN-capable packet ("lack of ECN is deliberate").
Decision OnDequeue(const Params& p, State& s, const Candidate& c);

// A packet was lost to a full queue (cobalt_queue_full): BLUE steps up, and
// the CoDel part signals at its next dequeue.
void OnQueueFull(const Params& p, State& s, Time now);

// A dequeue found the queue empty (cobalt_queue_empty): BLUE steps down if
// it is on, dropping ends, and an owed count decays once.
void OnQueueEmpty(const Params& p, State& s, Time now);

// COBALT's p(t) for the lab's charts: BLUE's probability (CoDel's part is a
// schedule, not a probability; its share is plotted by SignalShare).
inline double BlueProbability(const State& s) { return s.blue.p; }

}  // namespace aqmlab::cobalt
