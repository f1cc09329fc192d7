// A two-state Markov-modulated Poisson process (the arrival model of the
// AAQM paper's analytic queue, spec/analysis.md sec. 1): in state 1 packets
// arrive as a Poisson process at lambda1 and the state changes to 2 at rate
// r12; in state 2 at lambda2, back at rate r21. The long-run rate is
// (lambda1 r21 + lambda2 r12) / (r12 + r21).
//
// Both clocks are exponential, so the next event is drawn from the state's
// total rate lambda + r and is an arrival with probability lambda / (lambda + r):
// one draw for the time, one for the kind, one pending event.
//
// Wiring: Mmpp2Source(loop, pool, identity, config) with ValidateMmpp2Config
// ok (a scenario's mmpp group superposes several, each on its own access
// pipe: run/groups/mmpp_group.cc). SetArrivalRates
// takes effect at once (the next event is redrawn from now: exact, by
// memorylessness). The initial state is drawn from the stationary law
// (state 1 with probability r21 / (r12 + r21)) unless fixed in the config.
#pragma once


#include "traffic/open_loop_source.h"

namespace aqmlab {

struct Mmpp2Config {
  enum class StartState : uint8_t { kStationary, kState1, kState2 };
  double lambda1 = 100;  // packets/s in state 1, >= 0
  double lambda2 = 10;   // packets/s in state 2, >= 0
  double r12 = 1;        // 1/s, rate of leaving state 1, > 0
  double r21 = 1;        // 1/s, rate of leaving state 2, > 0
  PacketSizeLaw size;
  StartState start = StartState::kStationary;
};

Status ValidateMmpp2Config(const Mmpp2Config& c);
// (lambda1 r21 + lambda2 r12) / (r12 + r21), packets/s.
double Mmpp2MeanRate(const Mmpp2Config& c);

class Mmpp2Source final : public OpenLoopSource {
 public:
  Mmpp2Source(EventLoop& loop, PacketPool& pool, const SourceIdentity& id,
              const Mmpp2Config& config)
      : OpenLoopSource(loop, pool, id), config_(config) {}

  int state() const { return state_; }  // 1 or 2
  // Time spent in state 1 since construction, while running.
  Time time_in_state1() const;
  double mean_rate_pps() const { return Mmpp2MeanRate(config_); }

  void SetArrivalRates(double lambda1, double lambda2);
  double offered_bps() const override;
  void SetOfferedBps(double bps) override;

 protected:
  void OnStart() override;
  void OnTimer() override;
  void OnStop() override;

 private:
  void ScheduleNext();
  double lambda() const { return state_ == 1 ? config_.lambda1 : config_.lambda2; }
  double leave_rate() const { return state_ == 1 ? config_.r12 : config_.r21; }

  Mmpp2Config config_;
  int state_ = 1;
  Time state1_since_;
  Time state1_time_;
};

}  // namespace aqmlab
