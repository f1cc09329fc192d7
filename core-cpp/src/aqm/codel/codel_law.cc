#include "aqm/codel/codel_law.h"

#include <algorithm>
#include <cmath>

namespace aqmlab::codel {

namespace {

Time Interval(const Params& p) { return Time::Millis(p.interval_ms); }

// One turn of the drop loop: signal if drop_next has come.
Decision DropLoopStep(const Params& p, State& s, const Candidate& c) {
  if (c.now < s.drop_next) return Decision::kPass;
  ++s.count;
  if (c.markable) {
    s.drop_next = ControlLaw(s.drop_next, Interval(p), s.count);
  } else {
    s.loop = Loop::kDropping;
  }
  return Decision::kCongest;
}

// Sojourn has been above target for an interval: drop and enter dropping
// state, restoring the previous cycle's count if it ended recently.
Decision EnterDropping(const Params& p, State& s, const Candidate& c) {
  s.dropping = true;
  const int64_t delta = s.count - s.lastcount;
  s.count = 1;
  if (delta > 1 && c.now - s.drop_next < Interval(p) * 16) s.count = delta;
  s.drop_next = ControlLaw(c.now, Interval(p), s.count);
  s.lastcount = s.count;
  if (!c.markable) s.loop = Loop::kEntered;
  return Decision::kCongest;
}

// The continuation of a dequeue after a drop finds the queue empty.
void LoopFindsEmpty(State& s) {
  s.above_target = false;
  if (s.loop == Loop::kDropping) s.dropping = false;
  s.loop = Loop::kNone;
}

}  // namespace

Time ControlLaw(Time t, Time interval, int64_t count) {
  const double spacing = static_cast<double>(interval.ns()) / std::sqrt(static_cast<double>(count));
  return t + Time::Nanos(static_cast<int64_t>(spacing));
}

bool OkToDrop(const Params& p, State& s, const Candidate& c) {
  if (c.sojourn < Time::Millis(p.target_ms) || c.backlog_bytes <= s.max_packet) {
    s.above_target = false;
    return false;
  }
  if (!s.above_target) {
    s.above_target = true;
    s.first_above_time = c.now + Interval(p);
    return false;
  }
  return c.now >= s.first_above_time;
}

Decision OnDequeue(const Params& p, State& s, const Candidate& c) {
  s.max_packet = std::max(s.max_packet, c.packet_bytes);
  s.last_sojourn = c.sojourn;
  const bool ok = OkToDrop(p, s, c);
  const Loop loop = s.loop;
  s.loop = Loop::kNone;
  Decision d = Decision::kPass;
  if (loop == Loop::kEntered) {
    d = Decision::kPass;  // RFC: the packet after the entering drop is sent
  } else if (loop == Loop::kDropping || s.dropping) {
    if (!ok) {
      s.dropping = false;
    } else {
      if (loop == Loop::kDropping) s.drop_next = ControlLaw(s.drop_next, Interval(p), s.count);
      d = DropLoopStep(p, s, c);
    }
  } else if (ok) {
    d = EnterDropping(p, s, c);
  }
  if (s.loop != Loop::kNone && c.queue_empty) LoopFindsEmpty(s);
  return d;
}

bool ThresholdJudges(const Params& p, const Candidate& c) {
  return p.ce_threshold_ms > 0 && L4sCodepoint(c.ecn) && c.markable;
}

Verdict Judge(const Params& p, State& s, const Candidate& c) {
  if (!ThresholdJudges(p, c)) return {OnDequeue(p, s, c), false};
  s.last_sojourn = c.sojourn;
  // A drop loop this packet interrupts is the next classic packet's to
  // continue, unless none is left behind it.
  if (s.loop != Loop::kNone && c.queue_empty) LoopFindsEmpty(s);
  // Strictly above, as Linux's codel_time_after and ns-3's CoDelTimeAfter.
  const bool mark = c.sojourn > Time::Millis(p.ce_threshold_ms);
  return {mark ? Decision::kCongest : Decision::kPass, mark};
}

void OnEmpty(State& s) {
  s.above_target = false;
  s.dropping = false;
  s.loop = Loop::kNone;
}

}  // namespace aqmlab::codel
