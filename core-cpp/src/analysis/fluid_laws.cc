#include "analysis/fluid_laws.h"

#include <algorithm>
#include <cmath>
#include <deque>

#include "sim/portable_math.h"

namespace aqmlab::analysis {

namespace {

double Clamp01(double x) { return std::clamp(x, 0.0, 1.0); }

// A clock that fires every `period` seconds of model time.
class Every {
 public:
  void set_period(double s) { period_ = s; }
  // Advances by dt; true when a period ended within it.
  bool Tick(double dt) {
    elapsed_ += dt;
    if (elapsed_ + 1e-12 < period_) return false;
    elapsed_ -= period_;
    if (elapsed_ > period_) elapsed_ = 0;  // a step longer than the period: fire once
    return true;
  }
  double period() const { return period_; }

 private:
  double period_ = 1;
  double elapsed_ = 0;
};

class DropTail final : public FluidLaw {
 public:
  void Configure(const ParamValues&) override {}
  double Step(const FluidTick&) override { return 0; }
};

class Red final : public FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    shape_ = RedShapeOf(p);
    log_keep_ = pmath::Log(1 - ParamOr(p, "wq", 0.002));
  }
  double Step(const FluidTick& t) override {
    const double k = -t.arrival_pps * log_keep_;
    avg_ += (q_prev_ - avg_) * (1 - pmath::Exp(-k * t.dt));  // exact for q held over the step
    q_prev_ = t.q;
    return RedCurve(shape_, avg_);
  }

 private:
  RedShape shape_;
  double log_keep_ = 0, avg_ = 0, q_prev_ = 0;
};

class Pi final : public FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    a_ = ParamOr(p, "a", 1.822e-5);
    b_ = ParamOr(p, "b", 1.816e-5);
    qref_ = ParamOr(p, "qref", 50);
    clock_.set_period(1 / ParamOr(p, "freq_hz", 170));
  }
  double Step(const FluidTick& t) override {
    if (clock_.Tick(t.dt)) {
      p_ = Clamp01(p_ + a_ * (t.q - qref_) - b_ * (q_old_ - qref_));
      q_old_ = t.q;
    }
    return p_;
  }

 private:
  double a_ = 0, b_ = 0, qref_ = 0, p_ = 0, q_old_ = 0;
  Every clock_;
};

// The velocity-form PID of aqm/pid at its own sampling period.
class Pid final : public FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    kp_ = ParamOr(p, "kp", 8e-5);
    ki_ = ParamOr(p, "ki", 4e-5);
    kd_ = ParamOr(p, "kd", 2e-6);
    qref_ = ParamOr(p, "qref", 50);
    clock_.set_period(1 / ParamOr(p, "freq_hz", 50));
    if (!started_) e1_ = e2_ = -qref_, started_ = true;
  }
  double Step(const FluidTick& t) override {
    if (clock_.Tick(t.dt)) {
      const double period = clock_.period(), e = t.q - qref_;
      p_ = Clamp01(p_ + kp_ * (e - e1_) + ki_ * period * e + kd_ / period * (e - 2 * e1_ + e2_));
      e2_ = e1_, e1_ = e;
    }
    return p_;
  }

 private:
  double kp_ = 0, ki_ = 0, kd_ = 0, qref_ = 0, e1_ = 0, e2_ = 0, p_ = 0;
  bool started_ = false;
  Every clock_;
};

class Rem final : public FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    phi_ = ParamOr(p, "phi", 1.001);
    alpha_ = ParamOr(p, "alpha", 0.1);
    gamma_ = ParamOr(p, "gamma", 0.001);
    q0_ = ParamOr(p, "q0", 50);
    growth_ = ParamOr(p, "queue_growth", 0) != 0;
    clock_.set_period(ParamOr(p, "interval_ms", 2) / 1000);
  }
  double Step(const FluidTick& t) override {
    arrived_ += t.arrival_pps * t.dt;
    served_ += t.capacity_pps * t.dt;
    if (clock_.Tick(t.dt)) {
      const double mismatch = growth_ ? t.q - (1 - alpha_) * q_old_ - alpha_ * q0_
                                      : alpha_ * (t.q - q0_) + arrived_ - served_;
      price_ = std::max(0.0, price_ + gamma_ * mismatch);
      q_old_ = t.q;
      arrived_ = served_ = 0;
      p_ = Clamp01(1 - pmath::Pow(phi_, -price_));
    }
    return p_;
  }

 private:
  double phi_ = 0, alpha_ = 0, gamma_ = 0, q0_ = 0, price_ = 0, q_old_ = 0, p_ = 0;
  double arrived_ = 0, served_ = 0;
  bool growth_ = false;
  Every clock_;
};

// LRED and AOPC: the loss ratio l over the last M periods of mp seconds,
// smoothed by mw; p = l + gain (q - q0), the gain being the only difference.
class LossRatio final : public FluidLaw {
 public:
  explicit LossRatio(bool aopc) : aopc_(aopc) {}
  void Configure(const ParamValues& p) override {
    q0_ = ParamOr(p, "q0", 50);
    beta_ = ParamOr(p, "beta", 0.001);
    req_ = ParamOr(p, "Req", 0.18);
    gamma0_ = ParamOr(p, "gamma0", 1e-4);
    mw_ = ParamOr(p, "mw", 0.1);
    periods_ = static_cast<size_t>(std::max(1.0, ParamOr(p, "M", 4)));
    clock_.set_period(ParamOr(p, "mp", 1.0));
  }
  double Step(const FluidTick& t) override {
    arrivals_ += t.arrival_pps * t.dt;
    drops_ += t.drop_pps * t.dt;
    if (clock_.Tick(t.dt)) {
      ring_.push_back({arrivals_, drops_});
      while (ring_.size() > periods_) ring_.pop_front();
      double a = 0, d = 0;
      for (const auto& [na, nd] : ring_) a += na, d += nd;
      l_ = mw_ * l_ + (1 - mw_) * (a > 0 ? d / a : 0.0);
      arrivals_ = drops_ = 0;
    }
    double gain = beta_ * std::sqrt(l_);
    if (aopc_) {
      const double f = std::sqrt(1.5 * l_) / (1 - std::min(l_, 0.999999));
      gain = l_ > 0 ? f * (1 + 4 * f * f) / (req_ * t.capacity_pps) : gamma0_;
    }
    return Clamp01(l_ + gain * (t.q - q0_));
  }

 private:
  bool aopc_;
  double q0_ = 0, beta_ = 0, req_ = 0, gamma0_ = 0, mw_ = 0, l_ = 0, arrivals_ = 0, drops_ = 0;
  size_t periods_ = 4;
  std::deque<std::pair<double, double>> ring_;
  Every clock_;
};

class Msc final : public FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    qref_ = ParamOr(p, "qref", 40);
    alpha_ = ParamOr(p, "alpha", 1);
    rw_ = ParamOr(p, "r_w", 0.5);
    floor_ = ParamOr(p, "pa_floor", 0.01);
    queue_clock_.set_period(ParamOr(p, "ts_s", 0.01));
    rate_clock_.set_period(ParamOr(p, "ts_l", 0.2));
  }
  double Step(const FluidTick& t) override {
    if (a_ < 0) a_ = t.capacity_pps;  // as the listing: A = C, rho = 1 at the start
    counted_ += t.arrival_pps * t.dt;
    if (rate_clock_.Tick(t.dt)) {
      a_ = rw_ * counted_ / rate_clock_.period() + (1 - rw_) * a_;
      const double rho = a_ / t.capacity_pps;
      pa_ = rho <= 1 ? floor_ : 1 - 1 / rho;
      counted_ = 0;
    }
    if (queue_clock_.Tick(t.dt)) pd_ = Clamp01(pa_ + alpha_ * (t.q - qref_) / qref_);
    return pd_;
  }

 private:
  double qref_ = 0, alpha_ = 0, rw_ = 0, floor_ = 0, a_ = -1, pa_ = 0.01, pd_ = 0, counted_ = 0;
  Every queue_clock_, rate_clock_;
};

}  // namespace

RedShape RedShapeOf(const ParamValues& p) {
  RedShape s;
  s.min_th = ParamOr(p, "min_th", 5);
  s.max_th = ParamOr(p, "max_th", 15);
  s.max_p = ParamOr(p, "max_p", 0.1);
  s.gentle = ParamOr(p, "gentle", 1) != 0;
  return s;
}

double RedCurve(const RedShape& s, double avg) { return red::CurveProbability(s, avg); }

bool HasFluidLaw(const std::string& aqm) {
  for (const char* n : {"droptail", "red", "ared", "autored", "pi", "pid", "rem", "lred", "aopc", "msc"}) {
    if (aqm == n) return true;
  }
  return false;
}

Result<std::unique_ptr<FluidLaw>> MakeFluidLaw(const std::string& aqm, const ParamValues& params) {
  std::unique_ptr<FluidLaw> law;
  if (aqm == "droptail") law = std::make_unique<DropTail>();
  if (aqm == "red" || aqm == "ared" || aqm == "autored") law = std::make_unique<Red>();
  if (aqm == "pi") law = std::make_unique<Pi>();
  if (aqm == "pid") law = std::make_unique<Pid>();
  if (aqm == "rem") law = std::make_unique<Rem>();
  if (aqm == "lred" || aqm == "aopc") law = std::make_unique<LossRatio>(aqm == "aopc");
  if (aqm == "msc") law = std::make_unique<Msc>();
  if (!law) {
    return Error{"aqm: the fluid model has no law for \"" + aqm +
                 "\" (droptail, red, ared, autored, pi, pid, rem, lred, aopc, msc)"};
  }
  law->Configure(params);
  return law;
}

}  // namespace aqmlab::analysis
