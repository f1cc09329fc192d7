// The estimate of the fraction of marked data that DCTCP (RFC 8257 sec.
// 3.3) and TCP Prague share: once per window of data, alpha moves by gain g
// toward the window's marked fraction F, alpha = (1 - g) alpha + g F; and
// the window is cut by alpha/2 at most once per window (round trip) of
// ECN-Echoes. Pure: the caller passes each ACK.
#pragma once

#include <cstdint>

#include "traffic/cc/congestion_control.h"

namespace aqmlab {

struct ScalableAlpha {
  double alpha = 1;           // RFC 8257: start at 1 (the first mark halves)
  int64_t window_end = 0;     // DCTCP.WindowEnd: the window ends when an ACK passes it
  int64_t acked = 0;          // DCTCP.BytesAcked, in segments
  int64_t marked = 0;         // DCTCP.BytesMarked
  int64_t reduce_end = -1;    // no second cut until an ACK passes this (snd_nxt at the cut)

  // Counts the ACK's segments, and ends the observation window when the ACK
  // passes its end (RFC 8257 sec. 3.3 steps 1-9). Returns whether alpha moved.
  bool Observe(const AckEvent& a, double g);
  // Whether this ACK calls for a cut (it echoes CE, and no cut happened in
  // the window of data now being ACKed); records the cut.
  bool TakeReduction(const AckEvent& a);
  // Inside the round trip after a cut the window does not grow (Linux's
  // CWR state), as a classic ECN-Echo ACK never opens it.
  bool Reducing(const AckEvent& a) const { return a.snd_una <= reduce_end; }
};

// The cut: cwnd (1 - alpha/2), at least two segments; ssthresh follows.
void ScalableCut(CcWindow& w, double alpha);

// The mean window under marks that fall on each segment independently with
// probability p, for a sender growing `increase` segments a round trip:
// sqrt(2 increase) / p. Derived for the law above: alpha settles at p; the
// round trip after a cut neither grows nor cuts (Reducing), then each ACK
// grows the window by increase / W until the first mark, 1/p ACKs later on
// average, so a cycle gains increase / (p W) and the cut takes W p / 2;
// they balance at W^2 p^2 = 2 increase, whether marks are sparse (W p < 1)
// or dense. Alizadeh, Javanmard & Prabhakar's DCTCP fluid model (SIGMETRICS
// 2011) has the same fixed point; the PI2 paper (De Schepper et al., CoNEXT
// 2016) takes 2 / p, a cut in every round trip with growth going on.
double ScalableMeanWindow(double increase, double p);

}  // namespace aqmlab
