#include "traffic/cc/cubic/hystart.h"

#include <algorithm>

namespace aqmlab::hystart {

Time RttThreshold(Time last_round_min) {
  const Time eighth = Time::Nanos(last_round_min.ns() / kMinRttDivisor);
  return std::clamp(eighth, kMinRttThresh, kMaxRttThresh);
}

void OnSlowStartAck(State& h, const AckEvent& a, CcWindow& w) {
  if (a.snd_una > h.window_end) {
    // A new round (sec. 4.2): its minimum starts afresh.
    h.window_end = a.snd_nxt;
    h.last_round_min = h.current_round_min;
    h.current_round_min = Time::Max();
    h.samples = 0;
    if (h.css && ++h.css_rounds >= kCssRounds) {
      w.ssthresh = w.cwnd;  // enter congestion avoidance
      return;
    }
  }
  if (a.rtt > Time()) {
    h.current_round_min = std::min(h.current_round_min, a.rtt);
    ++h.samples;
  }
  const double growth = std::min(static_cast<double>(a.acked), kAckLimit);
  w.cwnd += h.css ? growth / kCssGrowthDivisor : growth;
  if (h.samples < kRttSamples || h.current_round_min == Time::Max()) return;
  if (!h.css) {
    if (h.last_round_min != Time::Max() &&
        h.current_round_min >= h.last_round_min + RttThreshold(h.last_round_min)) {
      h.css = true;
      h.css_rounds = 0;
      h.css_baseline = h.current_round_min;
    }
  } else if (h.current_round_min < h.css_baseline) {
    // The rise was spurious: back to standard slow start.
    h.css = false;
    h.css_baseline = Time::Max();
  }
}

}  // namespace aqmlab::hystart
