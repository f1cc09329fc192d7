#include "aqm/red/red_theory.h"

#include <cmath>
#include <limits>

#include "aqm/red/red_queue.h"
#include "aqm/theory/response_bounds.h"
#include "sim/portable_math.h"

namespace aqmlab::red {

using namespace theory;  // the toolkit a rule is written with (aqm/theory/)

namespace {

class FluidRed final : public theory::FluidLaw {
 public:
  void Configure(const ParamValues& p) override {
    shape_ = ShapeOf(p);
    log_keep_ = pmath::Log(1 - ParamOr(p, "wq", 0.002));
  }
  double Step(const theory::FluidTick& t) override {
    const double k = -t.arrival_pps * log_keep_;
    avg_ += (q_prev_ - avg_) * (1 - pmath::Exp(-k * t.dt));  // exact for q held over the step
    q_prev_ = t.q;
    return CurveProbability(shape_, avg_);
  }

 private:
  Params shape_;
  double log_keep_ = 0, avg_ = 0, q_prev_ = 0;
};

}  // namespace

Params ShapeOf(const ParamValues& p) {
  Params s;
  s.min_th = ParamOr(p, "min_th", 5);
  s.max_th = ParamOr(p, "max_th", 15);
  s.max_p = ParamOr(p, "max_p", 0.1);
  s.gentle = ParamOr(p, "gentle", 1) != 0;
  return s;
}

double CurveAt(const ParamValues& p, double avg) { return CurveProbability(ShapeOf(p), avg); }

std::unique_ptr<theory::FluidLaw> MakeFluidLaw() { return std::make_unique<FluidRed>(); }

std::optional<double> SteadyQueue(const ParamValues& p, const theory::SteadyPlant& pl) {
  // The curve rises and the needed p0(q) falls with q: bisect their crossing.
  const double c = pl.capacity_pps, tp = pl.prop_rtt_s, n = pl.flows;
  auto gap = [&](double q) {
    const double r = q / c + tp;
    return CurveAt(p, q) - 2 * n * n / (r * c * r * c);
  };
  double lo = 0, hi = pl.buffer_pkts;
  if (gap(hi) < 0) return hi;  // the curve never reaches p0 below B: the buffer overflows
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (gap(mid) < 0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

StabilityReport Stability(const ParamValues& p, const LoopPlant& pl, const std::string& name) {
  StabilityReport r;
  r.sufficient = true;
  const double c = pl.capacity_pps, n = pl.flows, rtt = pl.rtt_s;
  const Params shape = ShapeOf(p);
  const double p0 = FluidP0(n, c, rtt);
  const CurvePoint at = CurveInverse(shape, p0);
  r.numbers = PlantNumbers(pl);
  r.numbers.push_back({"p0", p0, "drop probability at equilibrium"});
  r.numbers.push_back({"q0", at.avg, "average queue at equilibrium, packets"});
  const std::string adapted = name == "red" ? "" : "; " + name + " adapts RED's setting: the rule at its current one";
  if (OutsideTheLaw(r, at.avg, p0, pl)) {
    r.rule = "no linear rule off RED's curve" + adapted;
    return r;
  }
  if (at.region == CurveRegion::kJump) {
    r.region = "jump";
    r.region_text = "The equilibrium (p0 " + Approx(p0) + ") sits where the curve jumps from max_p (" +
                    Approx(shape.max_p) + ") to 1 at max_th (" + Approx(shape.max_th) +
                    ", gentle off): the slope there is unbounded, so no setting meets the rule (the fluid "
                    "model cycles around max_th; with packets, drops forced above it hold the queue there).";
    r.rule = "L_red (R C)^3 / (2N)^2 <= sqrt(wg^2 / K^2 + 1) with L_red unbounded at the jump  (Hollot et al.)" + adapted;
    r.rule_tex = R"(\frac{L\,(RC)^3}{(2N)^2} \le \sqrt{\frac{\omega_g^2}{K^2}+1},\quad L = \infty \text{ at the jump})";
    Judge(r, std::numeric_limits<double>::infinity());
    return r;
  }
  const bool gentle = at.region == CurveRegion::kGentle;
  const double l_red = CurveSlope(shape, at.region), k = -c * std::log(1 - ParamOr(p, "wq", 0.002));
  const double wg = 0.1 * std::min(TcpPole(pl), 1 / rtt);
  const double lhs = l_red * std::pow(rtt * c, 3) / (4 * n * n), bound = std::sqrt(wg * wg / (k * k) + 1);
  r.region = gentle ? "gentle" : "ramp";
  r.region_text = gentle ? "The equilibrium average queue (" + Approx(at.avg) + " packets) is above max_th (" +
                               Approx(shape.max_th) + ") on the gentle ramp, whose slope (1 - max_p) / max_th is " +
                               Approx(l_red) + " per packet."
                         : "The equilibrium average queue (" + Approx(at.avg) + " packets) is on the ramp between min_th (" +
                               Approx(shape.min_th) + ") and max_th (" + Approx(shape.max_th) +
                               "), whose slope max_p / (max_th - min_th) is " + Approx(l_red) + " per packet.";
  const std::string slope = gentle ? "(1 - max_p) / max_th (the gentle ramp)" : "max_p / (max_th - min_th) (the ramp)";
  r.rule = "L_red (R C)^3 / (2N)^2 <= sqrt(wg^2 / K^2 + 1), L_red = " + slope +
           ", K = -C ln(1 - wq), wg = 0.1 min(2N / (R^2 C), 1 / R)  (Hollot et al.)" + adapted;
  r.rule_tex = std::string(R"(\begin{gathered}\frac{L\,(RC)^3}{(2N)^2} \le \sqrt{\frac{\omega_g^2}{K^2}+1} \\ )") +
               (gentle ? R"(L = \frac{1-\mathrm{max}_p}{\mathrm{max}_{th}})"
                       : R"(L = \frac{\mathrm{max}_p}{\mathrm{max}_{th}-\mathrm{min}_{th}})") +
               R"(,\ K = -C\ln(1-w_q),\ \omega_g = 0.1\min\!\left(\frac{2N}{R^2C}, \frac{1}{R}\right)\end{gathered})";
  r.numbers.insert(r.numbers.end(), {{"L_red", l_red, "slope of the drop curve there, per packet"},
                                     {"K_rad_s", k, "corner of the queue average's low-pass filter, rad/s"},
                                     {"wg_rad_s", wg, "crossover frequency the rule aims at, rad/s"},
                                     {"lhs", lhs, "the rule's left side (loop gain at low frequency)"},
                                     {"bound", bound, "the rule's right side"}});
  Judge(r, lhs / bound);
  Finish(r, Loop(p, pl), pl);
  return r;
}

OpenLoop Loop(const ParamValues& p, const LoopPlant& pl) {
  const double c = pl.capacity_pps, n = pl.flows, rtt = pl.rtt_s;
  const Params shape = ShapeOf(p);
  const CurveRegion at = CurveInverse(shape, FluidP0(n, c, rtt)).region;
  const double l_red = CurveSlope(shape, at == CurveRegion::kGentle ? at : CurveRegion::kRamp);
  OpenLoop loop;
  loop.delay_s = rtt;
  loop.factors = {theory::Gain(l_red * std::pow(rtt * c, 3) / (4 * n * n)),
                  theory::Pole(-c * std::log(1 - ParamOr(p, "wq", 0.002))), theory::Pole(TcpPole(pl)),
                  theory::Pole(1 / rtt)};
  return loop;
}

theory::DisciplineTheory TheoryWith(StabilityReport (*rule)(const ParamValues&, const LoopPlant&)) {
  return {&MakeFluidLaw, &SteadyQueue, rule, nullptr};
}

}  // namespace aqmlab::red

namespace aqmlab {

const theory::DisciplineTheory& RedQueue::Theory() {
  // Only RED's curve is fixed, so only RED's is a static curve for the chain.
  static const theory::DisciplineTheory t = [] {
    theory::DisciplineTheory own = red::TheoryWith(
        [](const theory::ParamValues& p, const theory::LoopPlant& pl) { return red::Stability(p, pl, "red"); });
    own.drop_curve = &red::CurveAt;
    return own;
  }();
  return t;
}

}  // namespace aqmlab
