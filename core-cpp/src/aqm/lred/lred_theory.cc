#include "aqm/lred/lred_theory.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "aqm/lred/lred_queue.h"
#include "aqm/lred/lred_stability.h"
#include "aqm/theory/response_bounds.h"

namespace aqmlab::lred {

using namespace theory;  // the toolkit a rule is written with (aqm/theory/)

namespace {

// LRED and AOPC: the loss ratio l over the last M periods of mp seconds,
// smoothed by mw; p = l + gain (q - q0), the gain being the only difference.
class LossRatio final : public theory::FluidLaw {
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
  double Step(const theory::FluidTick& t) override {
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
  theory::Every clock_;
};

}  // namespace

std::unique_ptr<theory::FluidLaw> MakeLossRatioLaw(bool aopc) { return std::make_unique<LossRatio>(aopc); }

OpenLoop LossRatioLoop(double hc, const LoopPlant& pl) {
  const double k11 = theory::TcpPole(pl), kc = pl.capacity_pps * pl.capacity_pps / (kEta * pl.flows);
  OpenLoop loop;
  loop.delay_s = pl.rtt_s;
  loop.factors = {theory::Gain(kc * hc / k11), theory::Integrator(), theory::Pole(k11)};
  return loop;
}

DisciplineTheory LossRatioTheory(bool aopc, decltype(DisciplineTheory::stability) rule) {
  DisciplineTheory t;
  if (aopc) {
    t.fluid_law = [] { return MakeLossRatioLaw(true); };
  } else {
    t.fluid_law = [] { return MakeLossRatioLaw(false); };
  }
  t.steady_queue = [](const ParamValues& p, const SteadyPlant& pl) -> std::optional<double> {
    return ParamOr(p, "q0", pl.buffer_pkts / 4);
  };
  t.stability = rule;
  return t;
}

StabilityReport Stability(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  r.sufficient = true;
  const LredStability s = AnalyseLredStability({pl.capacity_pps, pl.flows, pl.rtt_s, kEta});
  const double beta = ParamOr(p, "beta", 0.001);
  r.rule = "beta <= beta_hat = min(Kc Hc bound at the crossover w: R w + atan(w / K11) = pi/2, "
           "sqrt(2 eta) (2N)^2 / (R^3 C^3)), K11 = 2N/(R^2 C), Kc = C^2/(eta N), Hc = beta sqrt(p0), "
           "eta = 1.5  (Wang et al., LRED)";
  r.rule_tex = R"(\begin{gathered}\beta \le \hat\beta = \min\!\left(\beta_{0\,\mathrm{dB}},\ \sqrt{2\eta}\,\frac{(2N)^2}{R^3C^3}\right) \\ R\,\omega + \arctan\frac{\omega}{K_{11}} = \frac{\pi}{2},\ \ K_{11} = \frac{2N}{R^2C},\ \ \eta = 1.5\end{gathered})";
  if (OutsideTheLaw(r, ParamOr(p, "q0", pl.buffer_pkts / 4), FluidP0(pl.flows, pl.capacity_pps, pl.rtt_s), pl)) {
    return r;
  }
  r.numbers = PlantNumbers(pl);
  r.numbers.insert(r.numbers.end(), {{"K11", s.k11, "TCP's pole 2N / (R^2 C), rad/s"},
                                     {"p0", s.p0, "loss ratio at equilibrium (LRED's TCP model)"},
                                     {"w_rad_s", s.crossover, "phase crossover, rad/s"},
                                     {"beta_bound", s.beta_bound, "beta at which the loop's gain margin is 0 dB"},
                                     {"beta_cap", s.beta_cap, "the paper's second bound on beta"},
                                     {"beta_hat", s.beta_hat, "largest beta the rule allows"},
                                     {"beta", beta, "the setting's beta"}});
  Judge(r, beta / s.beta_hat);
  Finish(r, LossRatioLoop(beta * std::sqrt(std::min(s.p0, 1.0)), pl), pl);
  return r;
}

}  // namespace aqmlab::lred

namespace aqmlab {

const theory::DisciplineTheory& LredQueue::Theory() {
  static const theory::DisciplineTheory t = lred::LossRatioTheory(false, &lred::Stability);
  return t;
}

}  // namespace aqmlab
