// UDP constant bit rate: one packet of `packet_bytes` every `interval`, or
// at `rate_bps`, as `pacing` says. AOPC exp 2: 500 B every 80 ms.
//
// Wiring: CbrSource(loop, pool, identity, config) with ValidateCbrConfig ok.
// The first packet leaves at Start(), or after a uniform random fraction of
// one interval when random_phase is set (so a group started together does
// not send in lockstep). SetInterval/SetRate take effect at once: the part
// of the current gap still to run is rescaled to the new interval.
#pragma once

#include "traffic/open_loop_source.h"

namespace aqmlab {

enum class CbrPacing : uint8_t { kInterval, kRate };

struct CbrConfig {
  Bytes packet_bytes = 500;
  CbrPacing pacing = CbrPacing::kInterval;
  Time interval = Time::Millis(80);  // kInterval
  double rate_bps = 50e3;            // kRate
  bool random_phase = false;
  Ecn codepoint = Ecn::kNotEct;  // every packet's ECN field
};

Status ValidateCbrConfig(const CbrConfig& c);

class CbrSource final : public OpenLoopSource {
 public:
  CbrSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id, const CbrConfig& config);

  Time interval() const { return interval_; }
  void SetInterval(Time interval);
  void SetRate(double bps) { SetInterval(IntervalFor(packet_bytes_, bps)); }
  double offered_bps() const override;
  void SetOfferedBps(double bps) override { SetRate(bps); }

 protected:
  void OnStart() override;
  void OnTimer() override;

 private:
  Bytes packet_bytes_;
  Time interval_;
  bool random_phase_;
  Ecn codepoint_;
  Time next_;
};

}  // namespace aqmlab
