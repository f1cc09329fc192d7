#include "aqm/blue/blue_law.h"

#include <algorithm>

namespace aqmlab::blue {

namespace {
void Step(const Params& p, State& s, Time now, double delta) {
  if (now - s.last_update <= Time::Millis(p.freeze_ms)) return;
  s.p = std::clamp(s.p + delta, 0.0, 1.0);
  s.last_update = now;
}
}  // namespace

void OnOverflow(const Params& p, State& s, Time now) { Step(p, s, now, p.d1); }

void OnLinkIdle(const Params& p, State& s, Time now) { Step(p, s, now, -p.d2); }

Decision Decide(const State& s, double uniform) {
  return uniform < s.p ? Decision::kCongest : Decision::kPass;
}

}  // namespace aqmlab::blue
