#include "traffic/cc/newreno/newreno.h"

namespace aqmlab {

const CcDescriptor& NewReno::Describe() {
  static const CcDescriptor d{
      "newreno",
      "NewReno",
      "RFC 5681 (congestion control), RFC 6582 (NewReno recovery), RFC 3168 (ECN)",
      "Adds a segment per round trip and halves the window at a loss or an ECN-Echo; "
      "recovers a window's several losses one hole per round trip.",
      SpecsOf<Params>(kFields)};
  return d;
}

const CcDescriptor& Reno::Describe() {
  static const CcDescriptor d{
      "reno",
      "Reno",
      "RFC 5681 (congestion control and fast recovery), RFC 3168 (ECN)",
      "NewReno's window law with Reno's recovery: it leaves fast recovery at the first new "
      "ACK, so a second loss in the window usually ends in a timeout.",
      SpecsOf<Params>(kFields),
      EcnResponse::kClassic,
      Ecn::kEct0,
      false,
      RecoveryKind::kReno};
  return d;
}

}  // namespace aqmlab
