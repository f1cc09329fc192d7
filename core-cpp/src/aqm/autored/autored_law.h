// AutoRED (Suthaharan): RED or Adaptive RED whose averaging weight is
// recomputed at every update from the congestion history (I), the size of
// the current deviation (J) and the buffer size (K): w = I J K. Everything
// else is the base discipline's: red_law's curve and decision, and for the
// ARED base ared_law's max_p adaptation.
#pragma once

#include <cstdint>

#include "aqm/red/red_law.h"

namespace aqmlab::autored {

// Where |f(a + 2) - f(a + 1)| = 0.5 for f(x) = 2x / ln x.
inline constexpr double kA = 5.923;

enum class Base : uint8_t { kRed = 0, kAred = 1 };

struct Params : red::Params {
  int64_t base = 0;       // 0: over RED, 1: over ARED
  double interval = 0.5;  // s, ARED's adaptation interval (ARED base only)
};

Base BaseOf(const Params& p);

// Deviations since the start: n (d >= 0) and n' (d < 0).
struct History {
  int64_t at_or_above = 0;
  int64_t below = 0;
};

// pt = n / (n + n'); 0 before any count.
double CongestionShare(const History& h);
// I = pt (1 - pt), in [0, 0.25].
double Imbalance(double pt);
// J = 2 (a + |d|) / ln(a + |d|).
double DeviationFactor(double d);
// w = I J / B, clamped to [0, 1] (it exceeds 1 only for buffers of a packet or two).
double Weight(double pt, double d, double buffer_packets);

// Counts the deviation d = q - avg, then returns the weight for this update.
// While I = 0 (no count yet, or every deviation so far of one sign) the base
// discipline's wq is used: a zero weight would freeze avg at 0, where every
// deviation is >= 0, for ever.
double UpdateWeight(History& h, double d, double buffer_packets, double base_wq);

struct State {
  red::State red;
  History history;
  double w = 0;        // the weight of the last update (the base's wq before any)
  double max_p = 0.1;  // ARED's adapted max_p (ARED base only)
};

State InitialState(const Params& p);

// The average update on an arrival: the weight from UpdateWeight, then
// red_law's step with it (including the idle decay, which uses this weight).
void UpdateAverage(const Params& p, State& s, double q, bool link_idle, Time idle_for,
                   Time typical_tx, double buffer_packets);

// The RED curve in force: the parameters, with ARED's adapted max_p on that base.
red::Params Curve(const Params& p, const State& s);

}  // namespace aqmlab::autored
