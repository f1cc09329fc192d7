// RED's control law (Floyd & Jacobson 1993) with the gentle variant (Floyd
// 2000). Pure functions: the caller passes the queue, the time and the draw.
// ARED and AutoRED reuse these pieces and change only max_p or the weight.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>

#include "net/discipline.h"

namespace aqmlab::red {

struct Params {
  double wq = 0.002;
  double min_th = 5;
  double max_th = 15;
  double max_p = 0.1;
  bool gentle = true;
  bool byte_mode = false;
  bool wait = true;  // ns-2's wait_, ns-3's Wait (on in both)
};

struct State {
  double avg = 0;
  int64_t count = -1;  // packets since the last signal; -1 below min_th
  double pb = 0;       // the curve's probability at the last arrival
  double pa = 0;       // after spreading by count
  Time idle_since;
};

// The EWMA step on an arrival. While the link was idle for `idle_for`, the
// average decays as if m = idle_for / typical_tx packets of size zero had
// arrived (sec. 11 of the paper).
double UpdateAverage(double avg, double weight, double q, bool link_idle, Time idle_for,
                     Time typical_tx);

// The initial probability pb as a function of the average: 0 below min_th,
// linear to max_p at max_th; in gentle mode linear on to 1 at 2 max_th.
double CurveProbability(const Params& p, double avg);

// Whether avg is past the point where every packet is dropped.
bool AboveUpperBound(const Params& p, double avg);

// The pieces of the curve: below min_th (pb = 0), the ramp to max_p at
// max_th, the gentle ramp on to 1 at 2 max_th, the jump from max_p to 1 at
// max_th when gentle is off, and past the upper bound (pb = 1). The linear
// analysis of the loop (Hollot et al.) uses the slope of the piece the
// equilibrium sits on.
enum class CurveRegion : uint8_t { kBelow, kRamp, kGentle, kJump, kAbove };

// Where the curve gives probability `pb` (0 <= pb): the average and its
// piece. pb = 0 is min_th (kBelow); between max_p and 1 without gentle the
// curve jumps at max_th (kJump); pb >= 1 is the upper bound (kAbove).
struct CurvePoint {
  double avg;
  CurveRegion region;
};
CurvePoint CurveInverse(const Params& p, double pb);

// dpb / davg on a piece: max_p / (max_th - min_th) on the ramp, (1 - max_p) /
// max_th on the gentle ramp, infinite at the jump, 0 below and above.
double CurveSlope(const Params& p, CurveRegion region);

// The drop decision with count-based spreading. Without wait (Floyd &
// Jacobson's formula) pa = pb / (1 - count pb), 1 once count pb >= 1. With
// wait (ns-2's and ns-3's default) no early signal while count pb < 1, then
// pa = pb / (2 - count pb), 1 once count pb >= 2. At a fixed pb the signals
// then come uniformly between 1/pb and 2/pb packets after the last one, where
// without wait they come between 1 and 1/pb: three times as far apart.
double SpreadProbability(const Params& p, int64_t count, double pb);

// The drop decision on one arrival: pb from the curve (scaled by
// `size_ratio`, packet size / typical size, in byte mode), pa by spreading.
Decision Decide(const Params& p, State& s, double size_ratio, double uniform);

// The running state of a discipline built on RED's average (RED, ARED,
// SRED, AutoRED), handed on at a mid-run switch to another such discipline
// (scenario `switch_to`, unless `keep_state` is false): the average, the
// count since the last signal, the curve's probabilities at the last arrival,
// when the link went idle, and the adapted max_p (NaN from a discipline
// whose max_p is a fixed parameter). AutoRED's paper runs RED or ARED for
// 11 s and then changes only how that running queue's weight is computed,
// so the average goes on rather than restarting from zero.
struct Handover final : RunningState {
  double avg = 0;
  int64_t count = -1;
  double pb = 0;
  double pa = 0;
  Time idle_since;
  double adapted_max_p = std::numeric_limits<double>::quiet_NaN();
};
std::unique_ptr<RunningState> HandoverOf(const State& s,
                                         double adapted_max_p = std::numeric_limits<double>::quiet_NaN());
// Takes over a RED family's handover into `s` (the average, count,
// probabilities and idle start) and returns it; nullptr, and `s` untouched,
// for any other kind of running state.
const Handover* TakeOver(State& s, const RunningState& from);

}  // namespace aqmlab::red
