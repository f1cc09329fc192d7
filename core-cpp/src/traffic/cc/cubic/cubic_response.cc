// CUBIC's response function (RFC 9438 sec. 5): the larger of its mean
// window in the cubic region and in the Reno-friendly region.
#include <algorithm>
#include <cmath>

#include "traffic/cc/cc_binding.h"
#include "traffic/cc/cubic/cubic.h"

namespace aqmlab {

namespace {
// The cubic region: signals every 1/p segments, each at the plateau W_max,
// so an epoch lasts K and carries (K / R) W_max (3 + beta) / 4 segments
// (the integral of C (t - K)^3 + W_max over [0, K]); with K^3 = W_max
// (1 - beta) / C that gives the mean window (C (3 + beta) / (4 (1 - beta)))^(1/4)
// (R / p)^(3/4) (RFC 9438 sec. 5.1's figure; C in segments/s^3, R in s).
double CubicRegionWindow(const cubic::Params& p, double signal, double rtt_s) {
  return std::pow(p.c * (3 + p.beta) / (4 * (1 - p.beta)), 0.25) * std::pow(rtt_s / signal, 0.75);
}

// The Reno-friendly region: AIMD with alpha_cubic = 3 (1 - beta) / (1 + beta)
// a round trip and a cut to beta has the mean window sqrt(alpha (1 + beta) /
// (2 (1 - beta) p)), which alpha_cubic makes Reno's sqrt(3 / (2p)) (RFC 9438
// sec. 4.3; W_est never passes cwnd_prior between two periodic signals, so
// alpha stays alpha_cubic).
double RenoFriendlyWindow(const cubic::Params& p, double signal) {
  const double alpha = 3 * (1 - p.beta) / (1 + p.beta);
  return std::sqrt(alpha * (1 + p.beta) / (2 * (1 - p.beta) * signal));
}
}  // namespace

ResponsePoint Cubic::MeanWindow(const Params& p, double signal, double rtt_s) {
  const double cubic = CubicRegionWindow(p, signal, rtt_s);
  if (!p.reno_friendly) return {cubic, "cubic"};
  const double reno = RenoFriendlyWindow(p, signal);
  return cubic >= reno ? ResponsePoint{cubic, "cubic"} : ResponsePoint{reno, "reno-friendly"};
}

const CcResponse& Cubic::Response() {
  static const CcResponse r{
      ResponseSignal::kLossOrMark,
      R"(\bar W = \max\!\left(\sqrt[4]{\frac{C(3+\beta)}{4(1-\beta)}}\left(\frac{R}{p}\right)^{3/4},\ \sqrt{\frac{3}{2p}}\right),\qquad \text{rate} = \frac{\bar W\,\mathit{MSS}}{R})",
      "(C (3 + beta) / (4 (1 - beta)))^(1/4) = 1.05 at C = 0.4, beta = 0.7 (R in seconds): the cubic curve "
      "from beta W_max back to W_max between periodic signals; sqrt(3/2) = 1.22 in the Reno-friendly region, "
      "where alpha_cubic = 3 (1 - beta) / (1 + beta) makes CUBIC's mean window Reno's. Without the "
      "Reno-friendly region, the cubic term alone.",
      "Xu, Ha, Rhee, Goel & Eggert, RFC 9438, 2023 (secs. 4.3 and 5.1)",
      &ResponseAt<Cubic>};
  return r;
}

}  // namespace aqmlab
