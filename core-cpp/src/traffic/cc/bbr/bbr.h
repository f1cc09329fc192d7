// BBR version 1 (Linux 4.9's tcp_bbr.c, ns-3's TcpBbr) as a congestion
// controller: the model and state machine of bbr_law.h, fed by the
// sender's delivery-rate samples (CcDescriptor::owns_window), pacing at
// pacing_gain x bw. README.md says what is modelled and what is simplified.
#pragma once

#include <array>

#include "net/param_table.h"
#include "sim/rng.h"
#include "traffic/cc/bbr/bbr_law.h"
#include "traffic/cc/congestion_control.h"

namespace aqmlab {

class Bbr final : public CongestionControl {
 public:
  using Params = bbr::Params;
  static constexpr std::array<ParamField<Params>, 4> kFields{{
      {{"cwnd_gain", "Window gain", "BDP", ParamKind::kReal, 2, 1, 8, 0.1,
        "The cap on data in flight while probing for bandwidth, in estimated bandwidth-delay products (BBR: 2)."},
       &Params::cwnd_gain},
      {{"bw_window_rounds", "Bandwidth window", "round trips", ParamKind::kInteger, 10, 2, 100, 1,
        "How many round trips the bandwidth estimate remembers its highest delivery rate (BBR: 10)."},
       &Params::bw_window_rounds},
      {{"min_rtt_window_s", "Min-RTT window", "s", ParamKind::kReal, 10, 1, 300, 0.5,
        "How long the lowest round trip stands before ProbeRTT measures it again (BBR: 10 s)."},
       &Params::min_rtt_window_s},
      {{"probe_rtt_ms", "ProbeRTT hold", "ms", ParamKind::kReal, 200, 10, 2000, 10,
        "How long ProbeRTT keeps four segments in flight to let the queue drain (BBR: 200 ms)."},
       &Params::probe_rtt_ms},
  }};
  static Status Validate(const Params& p);
  static const CcDescriptor& Describe();

  explicit Bbr(const Params& p) : params_(p) {}
  void Reset(const CcStart& start) override;
  void OnAck(const AckEvent& a, CcWindow& w) override;
  double OnLoss(const CongestionEvent& e, const CcWindow& w) override;
  double OnRto(const CongestionEvent& e, const CcWindow& w) override;
  double PacingRate(const CcWindow&) const override { return state_.pacing_rate; }
  int64_t AppLimitedUntil() const override { return state_.app_limited_until; }

  const bbr::State& state() const { return state_; }

 private:
  int DrawPhase() { return static_cast<int>(rng_.Uniform() * 7); }
  Params params_;
  bbr::State state_;
  RandomStream rng_{0, StreamPurpose::kCongestionControl, 0};
};

}  // namespace aqmlab
