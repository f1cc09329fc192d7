// DCTCP's response function: the 1/p law of a scalable sender.
#include "traffic/cc/cc_binding.h"
#include "traffic/cc/dctcp/dctcp.h"

namespace aqmlab {

// One segment a round trip up (NewReno's growth), so sqrt(2) / p
// (scalable_alpha.h derives it for the lab's cut).
ResponsePoint Dctcp::MeanWindow(const Params&, double p, double) {
  return {ScalableMeanWindow(1.0, p), "scalable"};
}

const CcResponse& Dctcp::Response() {
  static const CcResponse r{
      ResponseSignal::kMark,
      R"(\bar W = \frac{\sqrt{2}}{p},\qquad \text{rate} = \frac{\bar W\,\mathit{MSS}}{R})",
      "sqrt(2) = 1.41: alpha settles at p, a cut of W p / 2 at most once a round trip, none in the round "
      "trip after it, one segment a round trip of growth between (the fixed point of Alizadeh, Javanmard & "
      "Prabhakar's fluid model). The PI2 paper (De Schepper et al., CoNEXT 2016) writes 2 / p, for a cut "
      "every round trip with growth going on.",
      "Alizadeh, Javanmard & Prabhakar, Analysis of DCTCP, SIGMETRICS 2011; RFC 8257; "
      "De Schepper et al., PI2, CoNEXT 2016",
      &ResponseAt<Dctcp>};
  return r;
}

}  // namespace aqmlab
