// TCP Prague's response function: DCTCP's 1/p law, with RTT independence
// scaling its growth below the reference RTT.
#include "traffic/cc/cc_binding.h"
#include "traffic/cc/prague/prague.h"

namespace aqmlab {

// Growth per round trip a = 1, or (R / R_ref)^2 below the reference with RTT
// independence: W = sqrt(2 a) / p (scalable_alpha.h), so there the rate
// W / R = sqrt(2) / (R_ref p) no longer depends on R.
ResponsePoint Prague::MeanWindow(const Params& params, double p, double rtt_s) {
  const double a = prague::IncreasePerRtt(params, Time::Seconds(rtt_s));
  return {ScalableMeanWindow(a, p), a < 1 ? "rtt-independent" : "scalable"};
}

const CcResponse& Prague::Response() {
  static const CcResponse r{
      ResponseSignal::kMark,
      R"(\bar W = \frac{\sqrt{2a}}{p},\quad a = \begin{cases}(R/R_{ref})^2 & \text{RTT independence on, } R < R_{ref}\\ 1 & \text{otherwise}\end{cases},\quad \text{rate} = \frac{\bar W\,\mathit{MSS}}{R})",
      "sqrt(2) = 1.41, as DCTCP's: alpha settles at p, at most one cut of W p / 2 a round trip and no growth "
      "in the round trip after it (the PI2 paper writes 2 / p, for a cut every round "
      "trip with growth going on); a is the growth per round trip.",
      "draft-briscoe-iccrg-prague-congestion-control; Alizadeh, Javanmard & Prabhakar, SIGMETRICS 2011; "
      "De Schepper et al., PI2, CoNEXT 2016",
      &ResponseAt<Prague>};
  return r;
}

}  // namespace aqmlab
