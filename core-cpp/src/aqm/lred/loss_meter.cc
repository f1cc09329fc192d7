#include "aqm/lred/loss_meter.h"

#include <algorithm>

namespace aqmlab::lred {

void CountArrival(LossMeter& m, double weight) { m.arrivals += weight; }

void CountSignal(LossMeter& m, double weight) { m.signals += weight; }

double WindowLossRatio(const LossMeter& m, int periods) {
  double na = 0, nd = 0;
  for (int k = 1; k <= periods; ++k) {
    const int slot = (m.next - k + kMaxPeriods) % kMaxPeriods;
    na += m.ring_arrivals[slot];
    nd += m.ring_signals[slot];
  }
  return na > 0 ? std::min(1.0, nd / na) : 0.0;
}

void ClosePeriod(LossMeter& m, const MeterSettings& s) {
  m.ring_arrivals[m.next] = m.arrivals;
  m.ring_signals[m.next] = m.signals;
  m.next = (m.next + 1) % kMaxPeriods;
  m.arrivals = 0;
  m.signals = 0;
  m.raw = WindowLossRatio(m, s.periods);
  m.l = s.mw * m.l + (1.0 - s.mw) * m.raw;
}

Decision Admit(LossMeter& m, double p, double weight, bool buffer_full, double uniform) {
  CountArrival(m, weight);
  if (buffer_full) {
    CountSignal(m, weight);
    return Decision::kForceDrop;
  }
  if (uniform < p) {
    CountSignal(m, weight);
    return Decision::kCongest;
  }
  return Decision::kPass;
}

double Probability(double l, double gain, double q, double q0) {
  return std::clamp(l + gain * (q - q0), 0.0, 1.0);
}

}  // namespace aqmlab::lred
