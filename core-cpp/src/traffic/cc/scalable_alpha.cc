#include "traffic/cc/scalable_alpha.h"

#include <cmath>

namespace aqmlab {

bool ScalableAlpha::Observe(const AckEvent& ack, double g) {
  acked += ack.acked;
  if (ack.ece) marked += ack.acked;
  if (ack.snd_una <= window_end) return false;
  if (acked > 0) {
    const double f = static_cast<double>(marked) / static_cast<double>(acked);
    alpha = (1 - g) * alpha + g * f;
  }
  window_end = ack.snd_nxt;
  acked = marked = 0;
  return true;
}

bool ScalableAlpha::TakeReduction(const AckEvent& ack) {
  if (!ack.ece || ack.snd_una <= reduce_end) return false;
  reduce_end = ack.snd_nxt;
  return true;
}

void ScalableCut(CcWindow& w, double alpha) {
  const double cut = w.cwnd * (1 - alpha / 2);
  w.cwnd = cut > 2.0 ? cut : 2.0;
  w.ssthresh = w.cwnd;
}

double ScalableMeanWindow(double increase, double p) { return std::sqrt(2 * increase) / p; }

}  // namespace aqmlab
