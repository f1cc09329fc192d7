#include "aqm/pi/pi_theory.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "aqm/pi/pi_queue.h"
#include "aqm/theory/response_bounds.h"

namespace aqmlab::pi {

using namespace theory;  // the toolkit a rule is written with (aqm/theory/)

namespace {

class FluidPi final : public theory::FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    a_ = ParamOr(p, "a", 1.822e-5);
    b_ = ParamOr(p, "b", 1.816e-5);
    qref_ = ParamOr(p, "qref", 50);
    clock_.set_period(1 / ParamOr(p, "freq_hz", 170));
  }
  double Step(const theory::FluidTick& t) override {
    if (clock_.Tick(t.dt)) {
      p_ = Clamp01(p_ + a_ * (t.q - qref_) - b_ * (q_old_ - qref_));
      q_old_ = t.q;
    }
    return p_;
  }

 private:
  double a_ = 0, b_ = 0, qref_ = 0, p_ = 0, q_old_ = 0;
  theory::Every clock_;
};

}  // namespace

const char* const kPlantTex =
    R"(\frac{C^2}{2N}\,\frac{e^{-sR}}{\left(s+\frac{2N}{R^2C}\right)\left(s+\frac{1}{R}\right)})";

PiContinuous PiFromDiscrete(double a, double b, double freq_hz) {
  const double k = (a - b) * freq_hz, kp = (a + b) / 2;
  return {k, kp > 0 ? k / kp : 0.0};
}

OpenLoop PiLoop(double k, double z, const LoopPlant& pl) {
  const double c = pl.capacity_pps, pole = TcpPole(pl);
  OpenLoop loop;
  loop.delay_s = pl.rtt_s;
  loop.factors = {Gain(k * c * c * pl.rtt_s / (2 * pl.flows * pole)), Zero(z), Integrator(), Pole(pole),
                  Pole(1 / pl.rtt_s)};
  return loop;
}

// PI and REM share the loop; `k`, `z` are the continuous controller's.
StabilityReport PiLike(PiContinuous ctl, const LoopPlant& pl, StabilityReport r) {
  const double pole = TcpPole(pl), wg = 0.5 * std::min(pole, 1 / pl.rtt_s);
  const double k_design = 2 * pl.flows * pole * wg * std::sqrt(wg * wg + 1 / (pl.rtt_s * pl.rtt_s)) /
                          (pl.capacity_pps * pl.capacity_pps);
  const std::vector<Quantity> plant = PlantNumbers(pl);
  r.numbers.insert(r.numbers.end(), plant.begin(), plant.end());
  r.numbers.insert(r.numbers.end(), {{"K", ctl.k, "controller gain K, per packet-second"},
                                     {"z_rad_s", ctl.z, "controller zero, rad/s"},
                                     {"tcp_pole_rad_s", pole, "TCP's pole 2N / (R^2 C), rad/s"},
                                     {"design_z_rad_s", pole, "the design rule's zero (on TCP's pole), rad/s"},
                                     {"design_K", k_design, "the design rule's gain K"}});
  if (!(ctl.k > 0) || !(ctl.z > 0)) {
    r.verdict = "unstable";
    r.rule += "; the controller has no integral action here (K <= 0)";
    return r;
  }
  JudgeLoop(r, PiLoop(ctl.k, ctl.z, pl), pl);
  return r;
}

StabilityReport Stability(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double a = ParamOr(p, "a", 1.822e-5), b = ParamOr(p, "b", 1.816e-5), f = ParamOr(p, "freq_hz", 170);
  const double q0 = ParamOr(p, "qref", pl.buffer_pkts / 4);
  r.rule = "L(s) = K (s/z + 1)/s * (C^2 / 2N) e^{-sR} / ((s + 2N/(R^2 C)) (s + 1/R)), K = (a - b) f, "
           "K/z = (a + b)/2; stable while the gain margin is positive. Design: z = 2N/(R^2 C), "
           "K for crossover at 0.5 min(2N/(R^2 C), 1/R)";
  r.rule_tex = std::string(R"(\begin{gathered}L(s) = K\,\frac{s/z+1}{s}\,)") + kPlantTex +
               R"( \\ K = (a-b)\,f,\ \ K/z = \tfrac{a+b}{2};\ \text{stable while } |L| < 1 \text{ where its phase is } -180^\circ\end{gathered})";
  if (OutsideTheLaw(r, q0, FluidP0(pl.flows, pl.capacity_pps, pl.rtt_s), pl)) return r;
  r.numbers = {{"a", a, "gain on the queue error"}, {"b", b, "gain on the previous queue error"},
               {"freq_hz", f, "update rate, Hz"}};
  r.numbers.push_back({"response_time_lower_bound_s",
                       PiResponseLowerBound(LredP0(pl.flows, pl.capacity_pps, pl.rtt_s), a, b, f, pl.buffer_pkts, q0),
                       "shortest time to respond to a change of load, s"});
  return PiLike(PiFromDiscrete(a, b, f), pl, r);
}

}  // namespace aqmlab::pi

namespace aqmlab {

const theory::DisciplineTheory& PiQueue::Theory() {
  static const theory::DisciplineTheory t{
      []() -> std::unique_ptr<theory::FluidLaw> { return std::make_unique<pi::FluidPi>(); },
      [](const theory::ParamValues& p, const theory::SteadyPlant& pl) -> std::optional<double> {
        return theory::ParamOr(p, "qref", pl.buffer_pkts / 4);
      },
      &pi::Stability,
      nullptr,
  };
  return t;
}

}  // namespace aqmlab
