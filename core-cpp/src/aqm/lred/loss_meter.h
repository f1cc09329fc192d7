// The long-time-scale loss-ratio measurement of LRED (Wang, Li, Hou, Sohraby,
// Lin), shared by AOPC (Wang, Rong), which uses it unchanged. Every period mp
// the open period's arrivals and congestion signals go into a ring; the raw
// ratio over the last M periods is smoothed into l.
#pragma once

#include <array>

#include "net/discipline.h"

namespace aqmlab::lred {

inline constexpr int kMaxPeriods = 32;

struct MeterSettings {
  int periods = 4;  // M, in [1, kMaxPeriods]
  double mw = 0.1;  // weight of the previous l: l = mw l + (1 - mw) l_k
};

struct LossMeter {
  // The open period: Na and Nd (in packets, or typical-packet units in byte mode).
  double arrivals = 0;
  double signals = 0;
  // Closed periods, newest at next - 1. Slots never written hold zeros, so
  // before M periods have passed the sums cover the periods that exist.
  std::array<double, kMaxPeriods> ring_arrivals{};
  std::array<double, kMaxPeriods> ring_signals{};
  int next = 0;
  double raw = 0;  // l_k of the last closed window
  double l = 0;    // the smoothed loss ratio
};

void CountArrival(LossMeter& m, double weight);
// A drop, forced or early, or an ECN mark: each is a congestion signal the
// senders react to, so each counts in Nd.
void CountSignal(LossMeter& m, double weight);

// l_k = sum(Nd) / sum(Na) over the newest `periods` closed periods, 0 when
// there were no arrivals.
double WindowLossRatio(const LossMeter& m, int periods);

// The timer, every mp: pushes the open period into the ring, resets both
// counters (Na and Nd), and updates l from the last M periods.
void ClosePeriod(LossMeter& m, const MeterSettings& s);

// The arrival step LRED and AOPC share: count the arrival; a full buffer
// drops; otherwise signal with probability p. Counts the signal in Nd.
Decision Admit(LossMeter& m, double p, double weight, bool buffer_full, double uniform);

// p = l + gain (q - q0), clamped to [0, 1]: LRED's law with gain beta sqrt(l),
// AOPC's with gain gamma.
double Probability(double l, double gain, double q, double q0);

}  // namespace aqmlab::lred
