// DualPI2's theory: the PI2 base controller on the fluid model's Classic
// (Reno-like) flows, and its linearised loop (De Schepper, Bondarenko,
// Tsang & Briscoe, PI2: A Linearized AQM for both Classic and Scalable TCP,
// CoNEXT 2016; RFC 9332 App. A). The derivation is in README.md and
// core-cpp/ANALYSIS.md: the controller's discrete update p' += alpha e +
// beta (e - e_old) on the queue delay e = q / C - target maps (bilinearly,
// as PI's) to K (s/z + 1)/s with K = alpha / T and K / z = (alpha + 2 beta) / 2
// per second of delay; p_C = p'^2 linearised at p'_0 = sqrt(p_0) scales it
// by 2 p'_0; 1 / C turns packets of queue into seconds of delay; and the
// plant is Hollot et al.'s TCP plant. The L queue's loop (k p' on scalable
// senders) is not modelled: the fluid model has Reno-like flows only.
#include "aqm/dualpi2/dualpi2_theory.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "aqm/dualpi2/dualpi2_queue.h"
#include "aqm/pi/pi_theory.h"
#include "aqm/theory/response_bounds.h"

namespace aqmlab::dualpi2 {

using namespace theory;  // the toolkit a rule is written with (aqm/theory/)

namespace {

Params FromValues(const ParamValues& v) {
  Params p;
  p.target_ms = ParamOr(v, "target_ms", p.target_ms);
  p.t_update_ms = ParamOr(v, "t_update_ms", p.t_update_ms);
  p.alpha = ParamOr(v, "alpha", p.alpha);
  p.beta = ParamOr(v, "beta", p.beta);
  p.k = ParamOr(v, "k", p.k);
  p.drop_on_overload = ParamOr(v, "drop_on_overload", 1) != 0;
  return p;
}

// The base controller on the fluid queue: every Tupdate, on the delay q / C
// (one queue: the fluid model's flows are all Classic), the packet law's
// Update; p_C = p'^2, silenced under two packets of queue as the packets'
// two-MTU floor silences it.
class FluidDualPi2 final : public FluidLaw {
 public:
  void Configure(const ParamValues& v) override {
    params_ = FromValues(v);
    clock_.set_period(params_.t_update_ms / 1e3);
  }
  double Step(const FluidTick& t) override {
    if (clock_.Tick(t.dt)) {
      const Time delay = Time::Seconds(t.capacity_pps > 0 ? t.q / t.capacity_pps : 0);
      Update(params_, state_, Time(), delay);
    }
    return t.q < 2 ? 0.0 : ClassicP(state_.p);
  }

 private:
  Params params_;
  State state_;
  Every clock_;
};

std::optional<double> SteadyQueue(const ParamValues& v, const SteadyPlant& pl) {
  return FromValues(v).target_ms / 1e3 * pl.capacity_pps;
}

}  // namespace

// The classic flows' loop at `plant`: K (s/z + 1)/s on Hollot's plant with
// the gain 2 p'_0 / C in between.
OpenLoop Pi2ClassicLoop(const Params& p, const LoopPlant& pl, double* p_base0) {
  const double t = p.t_update_ms / 1e3;
  const pi::PiContinuous ctl = pi::PiFromDiscrete(p.alpha + p.beta, p.beta, 1 / t);
  const double base0 = std::sqrt(FluidP0(pl.flows, pl.capacity_pps, pl.rtt_s));
  if (p_base0) *p_base0 = base0;
  return pi::PiLoop(ctl.k * 2 * base0 / pl.capacity_pps, ctl.z, pl);
}

StabilityReport Stability(const ParamValues& v, const LoopPlant& pl) {
  const Params p = FromValues(v);
  StabilityReport r;
  r.rule = "L(s) = K (s/z + 1)/s * (2 p'0 / C) * (C^2 / 2N) e^{-sR} / ((s + 2N/(R^2 C)) (s + 1/R)), "
           "K = alpha / T, K/z = (alpha + 2 beta) / 2, p'0 = sqrt(2) N / (R C): PI2 on the queue delay q/C "
           "with p_C = p'^2 linearised at p'0, on the Classic flows (the L queue's loop is not modelled); "
           "stable while the gain margin is positive";
  r.rule_tex = std::string(R"(\begin{gathered}L(s) = K\,\frac{s/z+1}{s}\,\frac{2p'_0}{C}\,)") + pi::kPlantTex +
               R"( \\ K = \alpha / T,\ \ K/z = \tfrac{\alpha + 2\beta}{2},\ \ p'_0 = \tfrac{\sqrt{2}\,N}{RC};\ \text{stable while } |L| < 1 \text{ where its phase is } -180^\circ\end{gathered})";
  const double q0 = p.target_ms / 1e3 * pl.capacity_pps;
  if (OutsideTheLaw(r, q0, FluidP0(pl.flows, pl.capacity_pps, pl.rtt_s), pl)) return r;
  double base0 = 0;
  const OpenLoop loop = Pi2ClassicLoop(p, pl, &base0);
  const double t = p.t_update_ms / 1e3;
  const pi::PiContinuous ctl = pi::PiFromDiscrete(p.alpha + p.beta, p.beta, 1 / t);
  r.numbers = {{"alpha", p.alpha, "integral gain, per second of delay error"},
               {"beta", p.beta, "proportional gain, per second of delay change"},
               {"t_update_s", t, "update interval T, s"}};
  const std::vector<Quantity> plant = PlantNumbers(pl);
  r.numbers.insert(r.numbers.end(), plant.begin(), plant.end());
  r.numbers.insert(r.numbers.end(),
                   {{"K", ctl.k, "controller gain K = alpha / T, per second of delay per second"},
                    {"z_rad_s", ctl.z, "controller zero, rad/s"},
                    {"base_p0", base0, "base probability p'0 at equilibrium (p_C = p'0^2)"},
                    {"tcp_pole_rad_s", TcpPole(pl), "TCP's pole 2N / (R^2 C), rad/s"}});
  JudgeLoop(r, loop, pl);
  return r;
}

}  // namespace aqmlab::dualpi2

namespace aqmlab {

const theory::DisciplineTheory& DualPi2Queue::Theory() {
  static const theory::DisciplineTheory t{
      []() -> std::unique_ptr<theory::FluidLaw> { return std::make_unique<dualpi2::FluidDualPi2>(); },
      &dualpi2::SteadyQueue,
      &dualpi2::Stability,
      nullptr,
  };
  return t;
}

}  // namespace aqmlab
