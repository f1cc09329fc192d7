#include "aqm/cobalt/cobalt_law.h"

#include <algorithm>

namespace aqmlab::cobalt {

namespace {
Time Interval(const Params& p) { return Time::Millis(p.interval_ms); }

// One step of the count down the schedule (count - 1, drop_next one
// control-law period on), while signals are owed but no longer due.
void Decay(const Params& p, State& s) {
  --s.count;
  s.drop_next = ControlLaw(s.drop_next, Interval(p), s.count);
}
}  // namespace

Time ControlLaw(Time t, Time interval, int64_t count) {
  return codel::ControlLaw(t, interval, std::max<int64_t>(count, 1));
}

Decision OnDequeue(const Params& p, State& s, const Candidate& c) {
  s.last_sojourn = c.sojourn;
  // `schedule` keeps, in its sign, whether now is past drop_next as
  // drop_next moves; `next_due` keeps its first value.
  Time schedule = c.now - s.drop_next;
  const bool over_target = c.sojourn > Time::Millis(p.target_ms) && c.sojourn > c.floor;
  bool next_due = s.count > 0 && schedule >= Time();

  if (over_target) {
    if (!s.dropping) {
      s.dropping = true;
      s.drop_next = ControlLaw(c.now, Interval(p), s.count);
    }
    if (s.count == 0) s.count = 1;
  } else if (s.dropping) {
    s.dropping = false;
  }

  bool codel_signal = false;
  if (next_due && s.dropping) {
    codel_signal = true;
    ++s.count;
    s.drop_next = ControlLaw(s.drop_next, Interval(p), s.count);
    schedule = c.now - s.drop_next;
  } else {
    while (next_due) {
      Decay(p, s);
      schedule = c.now - s.drop_next;
      next_due = s.count > 0 && schedule >= Time();
    }
  }

  // ns-3's enhancement: a sojourn beyond the threshold raises BLUE too.
  if (c.sojourn > Time::Millis(p.blue_threshold_ms)) blue::OnOverflow(p.Blue(), s.blue, c.now);
  const bool blue_drop = s.blue.p > 0 && blue::Decide(s.blue, c.uniform) != Decision::kPass;
  const bool dropped = blue_drop || (codel_signal && !c.markable);

  // drop_next doubles as an activity timer.
  if (s.count == 0) {
    s.drop_next = c.now + Interval(p);
  } else if (schedule > Time() && !dropped) {
    s.drop_next = c.now;
  }
  if (blue_drop) return Decision::kForceDrop;
  return codel_signal ? Decision::kCongest : Decision::kPass;
}

void OnQueueFull(const Params& p, State& s, Time now) {
  blue::OnOverflow(p.Blue(), s.blue, now);
  s.dropping = true;
  s.drop_next = now;
  if (s.count == 0) s.count = 1;
}

void OnQueueEmpty(const Params& p, State& s, Time now) {
  // BLUE's timer moves only while p is above zero.
  if (s.blue.p > 0) blue::OnLinkIdle(p.Blue(), s.blue, now);
  s.dropping = false;
  if (s.count > 0 && now >= s.drop_next) Decay(p, s);
}

}  // namespace aqmlab::cobalt
