// MSC's analysis models (Ji & Dong): its two samplers on the fluid model,
// the queue held at qref (its rate A counts offered packets, so at q' = 0
// the load rho = A / C is 1 / (1 - p) and pa = 1 - 1/rho equals p: the queue
// term is zero), and Theorem 1's condition, sufficient.
#include <algorithm>
#include <cmath>
#include <complex>
#include <memory>
#include <string>

#include "aqm/msc/msc_queue.h"
#include "aqm/theory/discipline_theory.h"
#include "aqm/theory/response_bounds.h"

namespace aqmlab::msc {

using namespace theory;  // the toolkit a rule is written with (aqm/theory/)

namespace {

class FluidMsc final : public theory::FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    qref_ = ParamOr(p, "qref", 40);
    alpha_ = ParamOr(p, "alpha", 1);
    rw_ = ParamOr(p, "r_w", 0.5);
    floor_ = ParamOr(p, "pa_floor", 0.01);
    queue_clock_.set_period(ParamOr(p, "ts_s", 0.01));
    rate_clock_.set_period(ParamOr(p, "ts_l", 0.2));
  }
  double Step(const theory::FluidTick& t) override {
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
  theory::Every queue_clock_, rate_clock_;
};

}  // namespace

StabilityReport Stability(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  r.sufficient = true;
  const double c = pl.capacity_pps, n = pl.flows, rtt = pl.rtt_s;
  const double k = -std::log(1 - std::min(ParamOr(p, "r_w", 0.5), 0.999999)) / ParamOr(p, "ts_l", 0.2);
  const double a = 2 * n * n / (rtt * rtt * rtt * c), wg = 0.1 * std::min(a, 1 / rtt);
  const double lhs = rtt * rtt * rtt * c * c / (4 * n * n * n), bound = std::sqrt(wg * wg / (k * k) + 1);
  const double alpha = ParamOr(p, "alpha", 1), qref = ParamOr(p, "qref", 40);
  r.rule = "R^3 C^2 / (4 N^3) <= sqrt(wg^2 / K^2 + 1), wg = 0.1 min(2N^2 / (R^3 C), 1 / R), "
           "K = -ln(1 - r_w) / ts_l  (Ji & Dong, MSC Theorem 1, the rate loop); and the queue term "
           "alpha (q - qref) / qref on TCP's plant (C^2 / 2N) e^{-sR} / ((s + 2N/(R^2 C)) (s + 1/R)) "
           "while its gain margin is positive (the theorem leaves it out)";
  r.rule_tex = R"(\begin{gathered}\frac{R^3C^2}{4N^3} \le \sqrt{\frac{\omega_g^2}{K^2}+1},\ \ \omega_g = 0.1\min\!\left(\frac{2N^2}{R^3C}, \frac{1}{R}\right),\ K = \frac{-\ln(1-r_w)}{T_{s,l}} \\ \text{and } \frac{\alpha}{q_{ref}}\,\frac{C^2}{2N}\,\frac{e^{-sR}}{\left(s+\frac{2N}{R^2C}\right)\left(s+\frac{1}{R}\right)} \text{ with } |L| < 1 \text{ where its phase is } -180^\circ\end{gathered})";
  if (OutsideTheLaw(r, qref, FluidP0(n, c, rtt), pl)) return r;
  // The queue term alone, a proportional controller alpha / qref on TCP's
  // plant: the theorem's two time scales assume it slow, and when it is not
  // the queue cycles (the fluid model's and the packets' alike).
  OpenLoop queue_term;
  queue_term.delay_s = rtt;
  queue_term.factors = {theory::Gain(alpha / qref * std::pow(rtt * c, 3) / (4 * n * n)), theory::Pole(TcpPole(pl)), theory::Pole(1 / rtt)};
  const double queue_ratio = theory::NyquistRatio(theory::FindMargins(queue_term, 1e-4 / rtt, 1e4 / rtt));
  r.numbers = PlantNumbers(pl);
  r.numbers.insert(r.numbers.end(), {{"K_rad_s", k, "corner of the rate estimate's low-pass filter, rad/s"},
                                     {"wg_rad_s", wg, "crossover frequency the rule aims at, rad/s"},
                                     {"lhs", lhs, "Theorem 1's left side"},
                                     {"bound", bound, "Theorem 1's right side"},
                                     {"theorem_ratio", lhs / bound, "Theorem 1: how far toward its bound"},
                                     {"queue_term_ratio", queue_ratio, "the queue term's loop: how far toward its limit"}});
  Judge(r, std::max(lhs / bound, queue_ratio));
  OpenLoop loop;
  loop.delay_s = rtt;
  loop.factors = {theory::Gain(c * c / (2 * n) / a), theory::Pole(a), [=](double w) {
                    return (1 / c) / std::complex<double>(1, w / k) +
                           (alpha / qref) / std::complex<double>(1 / rtt, w);
                  }};
  Finish(r, lhs / bound >= queue_ratio ? loop : queue_term, pl);
  return r;
}

}  // namespace aqmlab::msc

namespace aqmlab {

const theory::DisciplineTheory& MscQueue::Theory() {
  static const theory::DisciplineTheory t{
      []() -> std::unique_ptr<theory::FluidLaw> { return std::make_unique<msc::FluidMsc>(); },
      [](const theory::ParamValues& p, const theory::SteadyPlant& pl) -> std::optional<double> {
        return theory::ParamOr(p, "qref", pl.buffer_pkts / 4);
      },
      &msc::Stability,
      nullptr,
  };
  return t;
}

}  // namespace aqmlab
