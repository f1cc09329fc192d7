#include "traffic/on_off_source.h"

namespace aqmlab {

Status ValidateOnOffConfig(const OnOffConfig& c) {
  if (c.mean_on.ns() <= 0) return {"mean_on: must be positive"};
  if (c.mean_off.ns() < 0) return {"mean_off: must not be negative"};
  if (c.law == PeriodLaw::kPareto && !(c.pareto_shape > 1)) {
    return {"pareto_shape: must exceed 1 (the mean must exist)"};
  }
  if (!(c.peak_bps > 0)) return {"peak_bps: must be positive"};
  if (c.packet_bytes < 1) return {"packet_bytes: must be at least 1"};
  return {};
}

OnOffSource::OnOffSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id,
                         const OnOffConfig& config)
    : OpenLoopSource(loop, pool, id), config_(config),
      interval_(IntervalFor(config.packet_bytes, config.peak_bps)) {}

Time OnOffSource::on_time() const {
  return on() ? on_time_ + (now() - on_since_) : on_time_;
}

double OnOffSource::offered_bps() const {
  const double on = static_cast<double>(config_.mean_on.ns());
  const double off = static_cast<double>(config_.mean_off.ns());
  return config_.peak_bps * on / (on + off);
}

void OnOffSource::SetPeakRate(double bps) {
  const Time old = interval_;
  config_.peak_bps = bps;
  interval_ = IntervalFor(config_.packet_bytes, bps);
  if (!running()) return;
  if (on_) {
    next_send_ = RescaleRemaining(now(), next_send_, old, interval_);
  } else {
    residual_ = RescaleRemaining(Time(), residual_, old, interval_);
  }
  Rearm();
}

Time OnOffSource::DrawPeriod(Time mean) {
  const double m = mean.seconds();
  if (m <= 0) return Time();
  const double s = config_.law == PeriodLaw::kPareto ? rng().Pareto(m, config_.pareto_shape)
                                                     : rng().Exponential(m);
  return Time::Seconds(s);
}

// The equilibrium residual life: what is left of the period in progress
// when a stationary process is observed at a random instant.
Time OnOffSource::DrawResidualPeriod(Time mean) {
  const double m = mean.seconds();
  if (m <= 0) return Time();
  if (config_.law == PeriodLaw::kExponential) return Time::Seconds(rng().Exponential(m));
  // Pareto(xm, a), mean m = a xm / (a - 1). The residual's tail is
  // 1 - x / m below xm and (xm / x)^(a - 1) / a above; invert it.
  const double a = config_.pareto_shape;
  const double xm = m * (a - 1) / a;
  const double u = 1.0 - rng().Uniform();  // in (0, 1]
  const double x = u >= 1.0 / a ? m * (1.0 - u) : xm * pmath::Pow(1.0 / (a * u), 1.0 / (a - 1));
  return Time::Seconds(x);
}

void OnOffSource::OnStart() {
  bool start_on = config_.start == OnOffConfig::StartState::kOn;
  if (config_.start == OnOffConfig::StartState::kStationary) {
    start_on = rng().Uniform() * static_cast<double>((config_.mean_on + config_.mean_off).ns()) <
               static_cast<double>(config_.mean_on.ns());
    residual_ = Time::Nanos(static_cast<int64_t>(rng().Uniform() * static_cast<double>(interval_.ns())));
    const Time length = DrawResidualPeriod(start_on ? config_.mean_on : config_.mean_off);
    start_on ? EnterOn(length) : EnterOff(length);
  } else {
    residual_ = Time();
    start_on ? EnterOn(DrawPeriod(config_.mean_on)) : EnterOff(DrawPeriod(config_.mean_off));
  }
  Rearm();
}

void OnOffSource::OnStop() {
  if (on_) on_time_ += now() - on_since_;
  on_ = false;
}

void OnOffSource::EnterOn(Time length) {
  on_ = true;
  ++on_periods_;
  on_since_ = now();
  period_end_ = now() + length;
  next_send_ = now() + residual_;
}

void OnOffSource::EnterOff(Time length) {
  on_ = false;
  period_end_ = now() + length;
}

void OnOffSource::OnTimer() {
  if (!on_) {
    EnterOn(DrawPeriod(config_.mean_on));
  } else if (next_send_ < period_end_) {
    Emit(config_.packet_bytes);
    next_send_ += interval_;
  } else {
    on_time_ += now() - on_since_;
    residual_ = next_send_ - period_end_;
    EnterOff(DrawPeriod(config_.mean_off));
  }
  Rearm();
}

}  // namespace aqmlab
