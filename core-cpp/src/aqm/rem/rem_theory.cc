// REM's analysis models (Athuraliya, Low, Li & Yin 2001): the price on the
// fluid model at its own update period, the queue held at q0, and its
// linearisation, a PI controller on PI's plant (aqm/pi/pi_theory.h).
#include <algorithm>
#include <cmath>
#include <complex>
#include <memory>
#include <string>

#include "aqm/pi/pi_theory.h"
#include "aqm/rem/rem_queue.h"
#include "aqm/theory/response_bounds.h"
#include "sim/portable_math.h"

namespace aqmlab::rem {

using namespace theory;  // the toolkit a rule is written with (aqm/theory/)

namespace {

class FluidRem final : public theory::FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    phi_ = ParamOr(p, "phi", 1.001);
    alpha_ = ParamOr(p, "alpha", 0.1);
    gamma_ = ParamOr(p, "gamma", 0.001);
    q0_ = ParamOr(p, "q0", 50);
    growth_ = ParamOr(p, "queue_growth", 0) != 0;
    clock_.set_period(ParamOr(p, "interval_ms", 2) / 1000);
  }
  double Step(const theory::FluidTick& t) override {
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
  theory::Every clock_;
};

}  // namespace

StabilityReport Stability(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double phi = ParamOr(p, "phi", 1.001), alpha = ParamOr(p, "alpha", 0.1), gamma = ParamOr(p, "gamma", 0.001);
  const double f = 1000 / ParamOr(p, "interval_ms", 2), q0 = ParamOr(p, "q0", pl.buffer_pkts / 4);
  const double fluid_p0 = FluidP0(pl.flows, pl.capacity_pps, pl.rtt_s), p0 = std::min(0.99, fluid_p0);
  const double slope = gamma * std::log(phi) * (1 - p0);  // dp/du at the operating point times gamma
  r.rule = "price u' = gamma (alpha f (q - q0) + q'), p = 1 - phi^-u: a PI controller "
           "K (s/z + 1)/s with K = gamma ln(phi) (1 - p0) alpha f, z = alpha f, on PI's plant; "
           "stable while the gain margin is positive";
  r.rule_tex = std::string(R"(\begin{gathered}L(s) = K\,\frac{s/z+1}{s}\,)") + pi::kPlantTex +
               R"( \\ K = \gamma \ln\phi\,(1-p_0)\,\alpha f,\ \ z = \alpha f;\ \text{stable while } |L| < 1 \text{ where its phase is } -180^\circ\end{gathered})";
  if (OutsideTheLaw(r, q0, fluid_p0, pl)) return r;
  r.numbers = {{"gamma", gamma, "price step"}, {"alpha", alpha, "weight of the queue error"},
               {"phi", phi, "base of the price's exponential"}, {"f_hz", f, "update rate, Hz"},
               {"p0", p0, "drop probability at equilibrium"},
               {"response_time_lower_bound_s",
                RemResponseLowerBound(LredP0(pl.flows, pl.capacity_pps, pl.rtt_s), gamma, alpha, phi, f,
                                      pl.buffer_pkts, q0),
                "shortest time to respond to a change of load, s"}};
  return pi::PiLike({slope * alpha * f, alpha * f}, pl, r);
}

}  // namespace aqmlab::rem

namespace aqmlab {

const theory::DisciplineTheory& RemQueue::Theory() {
  static const theory::DisciplineTheory t{
      []() -> std::unique_ptr<theory::FluidLaw> { return std::make_unique<rem::FluidRem>(); },
      [](const theory::ParamValues& p, const theory::SteadyPlant& pl) -> std::optional<double> {
        return theory::ParamOr(p, "q0", pl.buffer_pkts / 4);
      },
      &rem::Stability,
      nullptr,
  };
  return t;
}

}  // namespace aqmlab
