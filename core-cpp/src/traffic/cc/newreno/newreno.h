// NewReno's window law (RFC 5681 secs. 3.1-3.2, RFC 3168 sec. 6.1.2): slow
// start adds a segment per ACK, congestion avoidance one per window, a loss
// or a timeout halves the flight size, an ECN-Echo halves the window. Reno is
// the same law with Reno's recovery (RecoveryKind::kReno in the machinery).
#pragma once

#include <algorithm>
#include <array>

#include "net/param_table.h"
#include "traffic/cc/congestion_control.h"
#include "traffic/cc/response_function.h"

namespace aqmlab {

namespace newreno {
struct Params {};

// One ACK's growth: +1 below ssthresh, +1/cwnd above (one segment per
// window), whatever the ACK covers (ns-2's agents count ACKs, not segments).
inline void Grow(CcWindow& w) {
  if (w.cwnd < w.ssthresh) {
    w.cwnd += 1.0;
  } else {
    w.cwnd += 1.0 / w.cwnd;
  }
}

// RFC 5681 eq. (4): half the flight size, at least two segments.
inline double HalfFlight(double flight) { return std::max(flight / 2, 2.0); }
}  // namespace newreno

class NewReno : public CongestionControl {
 public:
  using Params = newreno::Params;
  static constexpr std::array<ParamField<Params>, 0> kFields{};
  static Status Validate(const Params&) { return {}; }
  static const CcDescriptor& Describe();
  // The square-root law (newreno_response.cc); Reno shares it.
  static ResponsePoint MeanWindow(const Params& p, double signal, double rtt_s);
  static const CcResponse& Response();

  explicit NewReno(const Params&) {}
  void Reset(const CcStart&) override {}
  void OnAck(const AckEvent&, CcWindow& w) override { newreno::Grow(w); }
  double OnLoss(const CongestionEvent& e, const CcWindow&) override {
    return newreno::HalfFlight(e.flight);
  }
  void OnEcnEcho(const CongestionEvent&, CcWindow& w) override { ReduceOnClassicEcho(w, 0.5); }
  double OnRto(const CongestionEvent& e, const CcWindow&) override {
    return newreno::HalfFlight(e.flight);
  }
};

class Reno final : public NewReno {
 public:
  static const CcDescriptor& Describe();
  using NewReno::NewReno;
};

}  // namespace aqmlab
