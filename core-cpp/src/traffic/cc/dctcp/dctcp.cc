#include "traffic/cc/dctcp/dctcp.h"

#include "traffic/cc/newreno/newreno.h"

namespace aqmlab {

const CcDescriptor& Dctcp::Describe() {
  static const CcDescriptor d{
      .name = "dctcp",
      .label = "DCTCP",
      .source =
          "Bensley, Thaler, Balasubramanian, Eggert & Judd, Data Center TCP (DCTCP), RFC 8257, 2017; "
          "Alizadeh et al., SIGCOMM 2010",
      .summary =
          "Cuts the window in proportion to the fraction of its data that was CE-marked (alpha/2 "
          "once per window), so a shallow marking threshold keeps the link full.",
      .params = SpecsOf<Params>(kFields),
      .ecn = EcnResponse::kScalable,
      .recovery_timer = RecoveryTimer::kSteady,
      .sack = true};
  return d;
}

void Dctcp::Reset(const CcStart&) {
  est_ = ScalableAlpha{};
  est_.alpha = params_.initial_alpha;
}

// RFC 8257 sec. 3.3: alpha first (steps 1-9), then the cut (step 10).
void Dctcp::OnAck(const AckEvent& a, CcWindow& w) {
  est_.Observe(a, params_.g);
  if (est_.TakeReduction(a)) {
    ScalableCut(w, est_.alpha);
    return;
  }
  if (!est_.Reducing(a)) newreno::Grow(w);
}

// Sec. 3.4: a loss is answered as by a standard sender.
double Dctcp::OnLoss(const CongestionEvent& e, const CcWindow&) {
  return newreno::HalfFlight(e.flight);
}

double Dctcp::OnRto(const CongestionEvent& e, const CcWindow& w) {
  return e.answered ? w.ssthresh : newreno::HalfFlight(e.flight);
}

}  // namespace aqmlab
