// UDP on/off: a constant-rate packet stream at `peak_bps` gated by
// alternating on and off periods, exponential (AAQM 800/200 ms, AOPC 2 s/1 s,
// LRED exp 3, MSC exp 3) or Pareto (AAQM's heavy-tailed generator, whose
// aggregate is self-similar for shape < 2). One class: only the law of the
// periods differs.
//
// The packet clock runs only while on: the fraction of a packet interval
// left when a period ends carries over to the next on period. So the
// long-run rate is exactly peak_bps * mean_on / (mean_on + mean_off) however
// short the periods are compared with the packet interval (a burst that
// restarted its clock would send ceil(on / interval) packets and overshoot).
//
// Wiring: OnOffSource(loop, pool, identity, config) with ValidateOnOffConfig
// ok. With start = kStationary (the default) the first state is on with
// probability mean_on / (mean_on + mean_off), its remaining length is drawn
// from the period law's equilibrium (residual-life) distribution and the
// packet clock's phase is uniform, so a group switched on together is
// stationary from its first instant. SetPeakRate rescales the current
// packet gap at once.
#pragma once

#include "traffic/open_loop_source.h"

namespace aqmlab {

enum class PeriodLaw : uint8_t { kExponential, kPareto };

struct OnOffConfig {
  enum class StartState : uint8_t { kStationary, kOn, kOff };
  PeriodLaw law = PeriodLaw::kExponential;
  Time mean_on = Time::Seconds(1);
  Time mean_off = Time::Seconds(1);
  double pareto_shape = 1.5;  // kPareto: > 1 (infinite variance below 2)
  double peak_bps = 64e3;
  Bytes packet_bytes = 500;
  StartState start = StartState::kStationary;
};

Status ValidateOnOffConfig(const OnOffConfig& c);

class OnOffSource final : public OpenLoopSource {
 public:
  OnOffSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id,
              const OnOffConfig& config);

  bool on() const { return running() && on_; }
  // Time spent on since construction (the duty cycle's numerator).
  Time on_time() const;
  int64_t on_periods() const { return on_periods_; }

  void SetPeakRate(double bps);
  double offered_bps() const override;
  void SetOfferedBps(double bps) override { SetPeakRate(config_.peak_bps * bps / offered_bps()); }

 protected:
  void OnStart() override;
  void OnTimer() override;
  void OnStop() override;

 private:
  Time DrawPeriod(Time mean);
  Time DrawResidualPeriod(Time mean);
  void EnterOn(Time length);
  void EnterOff(Time length);
  void Rearm() { ArmAt(on_ && next_send_ < period_end_ ? next_send_ : period_end_); }

  OnOffConfig config_;
  Time interval_;
  bool on_ = false;
  Time period_end_;
  Time next_send_;  // while on
  Time residual_;   // while off: what is left of the packet gap
  Time on_since_;
  Time on_time_;
  int64_t on_periods_ = 0;
};

}  // namespace aqmlab
