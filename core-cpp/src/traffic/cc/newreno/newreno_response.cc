// NewReno's (and Reno's) response function: the square-root law.
#include <cmath>

#include "traffic/cc/cc_binding.h"
#include "traffic/cc/newreno/newreno.h"

namespace aqmlab {

// One segment a round trip up, half the window at each signal: a sawtooth
// from W/2 to W that carries 3 W^2 / 8 segments between two signals, so
// 1/p = 3 W^2 / 8 and the mean window 3 W / 4 is sqrt(3 / (2p)) (Mathis,
// Semke, Mahdavi & Ott 1997, eq. 3, with an ACK for every segment as the
// lab's receiver sends). Random losses spread the sawtooth: Mathis et al.
// fit 1.31 rather than 1.22 to such runs; the lab keeps the closed form.
ResponsePoint NewReno::MeanWindow(const Params&, double p, double) {
  return {std::sqrt(1.5 / p), "square-root"};
}

const CcResponse& NewReno::Response() {
  static const CcResponse r{
      ResponseSignal::kLossOrMark,
      R"(\bar W = \sqrt{\frac{3}{2p}},\qquad \text{rate} = \frac{\bar W\,\mathit{MSS}}{R})",
      "sqrt(3/2) = 1.22: the periodic sawtooth between W/2 and W, one signal per 1/p segments, "
      "an ACK for every segment (the lab's receiver does not delay ACKs).",
      "Mathis, Semke, Mahdavi & Ott, The Macroscopic Behavior of the TCP Congestion Avoidance "
      "Algorithm, CCR 1997 (eq. 3)",
      &ResponseAt<NewReno>};
  return r;
}

}  // namespace aqmlab
