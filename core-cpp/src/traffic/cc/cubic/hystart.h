// HyStart++ (RFC 9406): slow start that watches each round's minimum RTT
// and, when it rises by a threshold, grows four times slower (Conservative
// Slow Start) for up to five rounds before congestion avoidance, instead
// of doubling until the queue overflows. Pure: the caller passes the ACK.
#pragma once

#include "sim/time.h"
#include "traffic/cc/congestion_control.h"

namespace aqmlab::hystart {

// Sec. 4.3's constants.
inline constexpr Time kMinRttThresh = Time::Millis(4);
inline constexpr Time kMaxRttThresh = Time::Millis(16);
inline constexpr int64_t kMinRttDivisor = 8;
inline constexpr int kRttSamples = 8;        // N_RTT_SAMPLE
inline constexpr double kCssGrowthDivisor = 4;
inline constexpr int kCssRounds = 5;
inline constexpr double kAckLimit = 8;       // L: unpaced, at most 8 segments per ACK

struct State {
  bool css = false;
  int css_rounds = 0;
  int64_t window_end = 0;            // the round ends when the ACK passes it
  Time last_round_min = Time::Max();
  Time current_round_min = Time::Max();
  Time css_baseline = Time::Max();
  int samples = 0;
};

// RttThresh (sec. 4.2): an eighth of last round's minimum, within [4, 16] ms.
Time RttThreshold(Time last_round_min);

// One ACK during slow start (cwnd < ssthresh): grows the window (by at most
// L segments, a quarter of that in CSS), counts the RTT sample, moves
// between slow start and CSS, and after CSS_ROUNDS rounds of CSS sets
// ssthresh to cwnd (congestion avoidance).
void OnSlowStartAck(State& h, const AckEvent& a, CcWindow& w);

}  // namespace aqmlab::hystart
