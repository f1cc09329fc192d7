// PID's analysis models: the velocity-form controller of aqm/pid on the
// fluid model at its own sampling period, the queue held at qref, and the
// lab's linear check of Kp + Ki/s + Kd s on PI's plant (no paper gives PID
// a rule).
#include <algorithm>
#include <cmath>
#include <complex>
#include <memory>
#include <string>

#include "aqm/pi/pi_theory.h"
#include "aqm/pid/pid_queue.h"
#include "aqm/theory/response_bounds.h"

namespace aqmlab::pid {

using namespace theory;  // the toolkit a rule is written with (aqm/theory/)

namespace {

// The velocity-form PID of aqm/pid at its own sampling period.
class FluidPid final : public theory::FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    kp_ = ParamOr(p, "kp", 8e-5);
    ki_ = ParamOr(p, "ki", 4e-5);
    kd_ = ParamOr(p, "kd", 2e-6);
    qref_ = ParamOr(p, "qref", 50);
    clock_.set_period(1 / ParamOr(p, "freq_hz", 50));
    if (!started_) e1_ = e2_ = -qref_, started_ = true;
  }
  double Step(const theory::FluidTick& t) override {
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
  theory::Every clock_;
};

}  // namespace

StabilityReport Stability(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double kp = ParamOr(p, "kp", 8e-5), ki = ParamOr(p, "ki", 4e-5), kd = ParamOr(p, "kd", 2e-6);
  r.rule = "velocity-form PID p += kp (e - e1) + ki T e + kd/T (e - 2 e1 + e2) as Kp + Ki/s + Kd s on PI's plant "
           "(C^2 / 2N) e^{-sR} / ((s + 2N/(R^2 C)) (s + 1/R)); stable while the gain margin is positive "
           "(no paper gives PID a rule: the lab's linear check)";
  r.rule_tex = std::string(R"(\begin{gathered}L(s) = \left(K_p + \frac{K_i}{s} + K_d\,s\right))") + pi::kPlantTex +
               R"( \\ \text{stable while } |L| < 1 \text{ where its phase is } -180^\circ\end{gathered})";
  if (OutsideTheLaw(r, ParamOr(p, "qref", pl.buffer_pkts / 4), FluidP0(pl.flows, pl.capacity_pps, pl.rtt_s), pl)) {
    return r;
  }
  r.numbers = PlantNumbers(pl);
  r.numbers.insert(r.numbers.end(), {{"kp", kp, "proportional gain"}, {"ki", ki, "integral gain"},
                                     {"kd", kd, "derivative gain"},
                                     {"tcp_pole_rad_s", TcpPole(pl), "TCP's pole 2N / (R^2 C), rad/s"}});
  OpenLoop loop;
  loop.delay_s = pl.rtt_s;
  loop.factors = {theory::Gain(pl.capacity_pps * pl.capacity_pps * pl.rtt_s / (2 * pl.flows * TcpPole(pl))), theory::Pole(TcpPole(pl)),
                  theory::Pole(1 / pl.rtt_s), theory::Integrator(),
                  [=](double w) { return std::complex<double>(ki - kd * w * w, kp * w); }};
  JudgeLoop(r, loop, pl);
  return r;
}

}  // namespace aqmlab::pid

namespace aqmlab {

const theory::DisciplineTheory& PidQueue::Theory() {
  static const theory::DisciplineTheory t{
      []() -> std::unique_ptr<theory::FluidLaw> { return std::make_unique<pid::FluidPid>(); },
      [](const theory::ParamValues& p, const theory::SteadyPlant& pl) -> std::optional<double> {
        return theory::ParamOr(p, "qref", pl.buffer_pkts / 4);
      },
      &pid::Stability,
      nullptr,
  };
  return t;
}

}  // namespace aqmlab
