#include "traffic/mmpp_source.h"

namespace aqmlab {

Status ValidateMmpp2Config(const Mmpp2Config& c) {
  if (!(c.lambda1 >= 0) || !(c.lambda2 >= 0)) return {"lambda1, lambda2: must not be negative"};
  if (!(c.lambda1 + c.lambda2 > 0)) return {"lambda1, lambda2: one must be positive"};
  if (!(c.r12 > 0) || !(c.r21 > 0)) return {"r12, r21: must be positive"};
  return ValidatePacketSizeLaw(c.size, "size");
}

double Mmpp2MeanRate(const Mmpp2Config& c) {
  return (c.lambda1 * c.r21 + c.lambda2 * c.r12) / (c.r12 + c.r21);
}

Time Mmpp2Source::time_in_state1() const {
  return running() && state_ == 1 ? state1_time_ + (now() - state1_since_) : state1_time_;
}

void Mmpp2Source::SetArrivalRates(double lambda1, double lambda2) {
  config_.lambda1 = lambda1;
  config_.lambda2 = lambda2;
  if (running()) ScheduleNext();
}

double Mmpp2Source::offered_bps() const {
  return mean_rate_pps() * static_cast<double>(config_.size.mean_bytes) * 8.0;
}

void Mmpp2Source::SetOfferedBps(double bps) {
  const double f = bps / offered_bps();
  SetArrivalRates(config_.lambda1 * f, config_.lambda2 * f);
}

void Mmpp2Source::OnStart() {
  switch (config_.start) {
    case Mmpp2Config::StartState::kState1: state_ = 1; break;
    case Mmpp2Config::StartState::kState2: state_ = 2; break;
    case Mmpp2Config::StartState::kStationary:
      state_ = rng().Uniform() * (config_.r12 + config_.r21) < config_.r21 ? 1 : 2;
      break;
  }
  state1_since_ = now();
  ScheduleNext();
}

void Mmpp2Source::OnStop() {
  if (state_ == 1) state1_time_ += now() - state1_since_;
}

void Mmpp2Source::OnTimer() {
  const double total = lambda() + leave_rate();
  if (rng().Uniform() * total < lambda()) {
    Emit(config_.size.Draw(rng()));
  } else if (state_ == 1) {
    state1_time_ += now() - state1_since_;
    state_ = 2;
  } else {
    state1_since_ = now();
    state_ = 1;
  }
  ScheduleNext();
}

void Mmpp2Source::ScheduleNext() {
  ArmAt(now() + Time::Seconds(rng().Exponential(1.0 / (lambda() + leave_rate()))));
}

}  // namespace aqmlab
