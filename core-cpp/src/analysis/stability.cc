#include "analysis/stability.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/aopc_tuning.h"
#include "analysis/fluid_laws.h"
#include "analysis/lred_stability.h"
#include "analysis/response_bounds.h"
#include "analysis/stability_region.h"

namespace aqmlab::analysis {

namespace {

constexpr double kEta = 1.5;  // LRED's TCP model, p0 = eta N^2 / (R C)^2
constexpr int kBodePoints = 200;

double TcpPole(const LoopPlant& pl) { return 2 * pl.flows / (pl.rtt_s * pl.rtt_s * pl.capacity_pps); }

// The frequency range the loop is drawn and searched over, scaled by 1/R.
void Finish(StabilityReport& r, const OpenLoop& loop, const LoopPlant& pl) {
  r.bode = Bode(loop, 1e-3 / pl.rtt_s, 1e2 / pl.rtt_s, kBodePoints);
  r.margins = FindMargins(loop, 1e-4 / pl.rtt_s, 1e4 / pl.rtt_s);
  if (r.margins->gain_db) r.numbers.push_back({"gain_margin_db", *r.margins->gain_db, "gain margin, dB"});
  if (r.margins->phase_deg) r.numbers.push_back({"phase_margin_deg", *r.margins->phase_deg, "phase margin, degrees"});
}

void Judge(StabilityReport& r, double ratio) {
  r.ratio = ratio;
  r.numbers.push_back({"ratio", ratio, "how far toward the stability limit (1 = on it)"});
  r.verdict = VerdictOf(ratio);
}

// N, C and R, the plant every rule starts from.
std::vector<Quantity> PlantNumbers(const LoopPlant& pl) {
  return {{"N", pl.flows, "long-lived TCP flows"},
          {"C_pps", pl.capacity_pps, "capacity, packets/s"},
          {"R_s", pl.rtt_s, "round-trip time at equilibrium, s"}};
}

// r = 10^(-GM/20): the loop gain over the gain at which it loses stability.
double NyquistRatio(const Margins& m) { return m.gain_db ? std::pow(10.0, -*m.gain_db / 20) : 0.0; }

StabilityReport Red(const std::string& name, const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  r.sufficient = true;
  const double c = pl.capacity_pps, n = pl.flows, rtt = pl.rtt_s;
  const RedShape shape = RedShapeOf(p);
  const double p0 = FluidP0(n, c, rtt);
  const red::CurvePoint at = red::CurveInverse(shape, p0);
  r.numbers = PlantNumbers(pl);
  r.numbers.push_back({"p0", p0, "drop probability at equilibrium"});
  r.numbers.push_back({"q0", at.avg, "average queue at equilibrium, packets"});
  const std::string adapted = name == "red" ? "" : "; " + name + " adapts RED's setting: the rule at its current one";
  if (OutsideTheLaw(r, at.avg, p0, pl)) {
    r.rule = "no linear rule off RED's curve" + adapted;
    return r;
  }
  if (at.region == red::CurveRegion::kJump) {
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
  const bool gentle = at.region == red::CurveRegion::kGentle;
  const double l_red = red::CurveSlope(shape, at.region), k = -c * std::log(1 - ParamOr(p, "wq", 0.002));
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
  Finish(r, RedLoop(p, pl), pl);
  return r;
}

// The loop on PI's plant (C^2 / 2N) e^{-sR} / ((s + 2N/(R^2 C)) (s + 1/R))
// with controller `ctl`, judged by its Nyquist ratio.
constexpr const char* kPlantTex =
    R"(\frac{C^2}{2N}\,\frac{e^{-sR}}{\left(s+\frac{2N}{R^2C}\right)\left(s+\frac{1}{R}\right)})";

void JudgeLoop(StabilityReport& r, const OpenLoop& loop, const LoopPlant& pl) {
  Finish(r, loop, pl);
  Judge(r, NyquistRatio(*r.margins));
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

StabilityReport Pi(const ParamValues& p, const LoopPlant& pl) {
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

StabilityReport Rem(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double phi = ParamOr(p, "phi", 1.001), alpha = ParamOr(p, "alpha", 0.1), gamma = ParamOr(p, "gamma", 0.001);
  const double f = 1000 / ParamOr(p, "interval_ms", 2), q0 = ParamOr(p, "q0", pl.buffer_pkts / 4);
  const double fluid_p0 = FluidP0(pl.flows, pl.capacity_pps, pl.rtt_s), p0 = std::min(0.99, fluid_p0);
  const double slope = gamma * std::log(phi) * (1 - p0);  // dp/du at the operating point times gamma
  r.rule = "price u' = gamma (alpha f (q - q0) + q'), p = 1 - phi^-u: a PI controller "
           "K (s/z + 1)/s with K = gamma ln(phi) (1 - p0) alpha f, z = alpha f, on PI's plant; "
           "stable while the gain margin is positive";
  r.rule_tex = std::string(R"(\begin{gathered}L(s) = K\,\frac{s/z+1}{s}\,)") + kPlantTex +
               R"( \\ K = \gamma \ln\phi\,(1-p_0)\,\alpha f,\ \ z = \alpha f;\ \text{stable while } |L| < 1 \text{ where its phase is } -180^\circ\end{gathered})";
  if (OutsideTheLaw(r, q0, fluid_p0, pl)) return r;
  r.numbers = {{"gamma", gamma, "price step"}, {"alpha", alpha, "weight of the queue error"},
               {"phi", phi, "base of the price's exponential"}, {"f_hz", f, "update rate, Hz"},
               {"p0", p0, "drop probability at equilibrium"},
               {"response_time_lower_bound_s",
                RemResponseLowerBound(LredP0(pl.flows, pl.capacity_pps, pl.rtt_s), gamma, alpha, phi, f,
                                      pl.buffer_pkts, q0),
                "shortest time to respond to a change of load, s"}};
  return PiLike({slope * alpha * f, alpha * f}, pl, r);
}

StabilityReport Pid(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double kp = ParamOr(p, "kp", 8e-5), ki = ParamOr(p, "ki", 4e-5), kd = ParamOr(p, "kd", 2e-6);
  r.rule = "velocity-form PID p += kp (e - e1) + ki T e + kd/T (e - 2 e1 + e2) as Kp + Ki/s + Kd s on PI's plant "
           "(C^2 / 2N) e^{-sR} / ((s + 2N/(R^2 C)) (s + 1/R)); stable while the gain margin is positive "
           "(no paper gives PID a rule: the lab's linear check)";
  r.rule_tex = std::string(R"(\begin{gathered}L(s) = \left(K_p + \frac{K_i}{s} + K_d\,s\right))") + kPlantTex +
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
  loop.factors = {Gain(pl.capacity_pps * pl.capacity_pps * pl.rtt_s / (2 * pl.flows * TcpPole(pl))), Pole(TcpPole(pl)),
                  Pole(1 / pl.rtt_s), Integrator(),
                  [=](double w) { return std::complex<double>(ki - kd * w * w, kp * w); }};
  JudgeLoop(r, loop, pl);
  return r;
}

StabilityReport Lred(const ParamValues& p, const LoopPlant& pl) {
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

StabilityReport Aopc(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double l = std::min(0.99, LredP0(pl.flows, pl.capacity_pps, pl.rtt_s)), req = ParamOr(p, "Req", 0.18);
  r.rule = "gamma = f(l) (1 + 4 f(l)^2) / (Req C), f(l) = sqrt(3l/2) / (1 - l): damping 0.707 when the "
           "RTT is Req. The loop gamma Km e^{-sR} / ((T1 s + 1)(T2 s + 1)), Km = R C / (4 f^2), T1 = R / (2f), "
           "T2 = R at the real R (the paper's second-order model, with the delay it leaves out) is stable "
           "while its gain margin is positive  (Wang & Rong, AOPC)";
  r.rule_tex = R"(\begin{gathered}L(s) = \frac{\gamma\,K_m\,e^{-sR}}{(T_1 s+1)(T_2 s+1)},\ \ \gamma = \frac{f(l)\,(1+4f(l)^2)}{R_{eq}\,C} \\ K_m = \frac{RC}{4f^2},\ T_1 = \frac{R}{2f},\ T_2 = R;\ \text{stable while } |L| < 1 \text{ where its phase is } -180^\circ\end{gathered})";
  if (OutsideTheLaw(r, ParamOr(p, "q0", pl.buffer_pkts / 4), FluidP0(pl.flows, pl.capacity_pps, pl.rtt_s), pl)) {
    return r;
  }
  const AopcSecondOrder designed = AopcModel(l, req, pl.capacity_pps);
  const AopcSecondOrder actual = AopcModelAt(l, pl.rtt_s, pl.capacity_pps, designed.gamma);
  r.numbers = PlantNumbers(pl);
  r.numbers.insert(r.numbers.end(), {{"l", l, "loss ratio at equilibrium (LRED's TCP model)"},
                                     {"Req_s", req, "round-trip time the gain is designed for, s"},
                                     {"f", designed.f, "f(l)"},
                                     {"gamma", designed.gamma, "proportional gain"},
                                     {"Km", actual.km, "the model's static gain"},
                                     {"zeta_design", designed.zeta, "damping at Req"},
                                     {"zeta_actual", actual.zeta, "damping at the real RTT"},
                                     {"settling_s", actual.settling, "time to settle within 2%, s"}});
  OpenLoop loop;
  loop.delay_s = pl.rtt_s;
  loop.factors = {Gain(designed.gamma * actual.km), Pole(1 / actual.t1), Pole(1 / actual.t2)};
  JudgeLoop(r, loop, pl);
  return r;
}

StabilityReport Msc(const ParamValues& p, const LoopPlant& pl) {
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
  queue_term.factors = {Gain(alpha / qref * std::pow(rtt * c, 3) / (4 * n * n)), Pole(TcpPole(pl)), Pole(1 / rtt)};
  const double queue_ratio = NyquistRatio(FindMargins(queue_term, 1e-4 / rtt, 1e4 / rtt));
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
  loop.factors = {Gain(c * c / (2 * n) / a), Pole(a), [=](double w) {
                    return (1 / c) / std::complex<double>(1, w / k) +
                           (alpha / qref) / std::complex<double>(1 / rtt, w);
                  }};
  Finish(r, lhs / bound >= queue_ratio ? loop : queue_term, pl);
  return r;
}

}  // namespace

std::string VerdictOf(double ratio) {
  if (!std::isfinite(ratio)) return "unstable";
  return ratio <= kStableBelow ? "stable" : ratio <= kUnstableAbove ? "marginal" : "unstable";
}

PiContinuous PiFromDiscrete(double a, double b, double freq_hz) {
  const double k = (a - b) * freq_hz, kp = (a + b) / 2;
  return {k, kp > 0 ? k / kp : 0.0};
}

OpenLoop RedLoop(const ParamValues& p, const LoopPlant& pl) {
  const double c = pl.capacity_pps, n = pl.flows, rtt = pl.rtt_s;
  const RedShape shape = RedShapeOf(p);
  const red::CurveRegion at = red::CurveInverse(shape, FluidP0(n, c, rtt)).region;
  const double l_red = red::CurveSlope(shape, at == red::CurveRegion::kGentle ? at : red::CurveRegion::kRamp);
  OpenLoop loop;
  loop.delay_s = rtt;
  loop.factors = {Gain(l_red * std::pow(rtt * c, 3) / (4 * n * n)), Pole(-c * std::log(1 - ParamOr(p, "wq", 0.002))),
                  Pole(TcpPole(pl)), Pole(1 / rtt)};
  return loop;
}

OpenLoop PiLoop(double k, double z, const LoopPlant& pl) {
  const double c = pl.capacity_pps, pole = TcpPole(pl);
  OpenLoop loop;
  loop.delay_s = pl.rtt_s;
  loop.factors = {Gain(k * c * c * pl.rtt_s / (2 * pl.flows * pole)), Zero(z), Integrator(), Pole(pole),
                  Pole(1 / pl.rtt_s)};
  return loop;
}

OpenLoop LossRatioLoop(double hc, const LoopPlant& pl) {
  const double k11 = TcpPole(pl), kc = pl.capacity_pps * pl.capacity_pps / (kEta * pl.flows);
  OpenLoop loop;
  loop.delay_s = pl.rtt_s;
  loop.factors = {Gain(kc * hc / k11), Integrator(), Pole(k11)};
  return loop;
}

StabilityReport AnalyseStability(const std::string& aqm, const ParamValues& params, const LoopPlant& plant) {
  StabilityReport r;
  if (aqm == "red" || aqm == "ared" || aqm == "autored") {
    r = Red(aqm, params, plant);
  } else if (aqm == "pi") {
    r = Pi(params, plant);
  } else if (aqm == "rem") {
    r = Rem(params, plant);
  } else if (aqm == "pid") {
    r = Pid(params, plant);
  } else if (aqm == "lred") {
    r = Lred(params, plant);
  } else if (aqm == "aopc") {
    r = Aopc(params, plant);
  } else if (aqm == "msc") {
    r = Msc(params, plant);
  } else {
    r.rule = "no linear analysis for " + aqm + " in the papers the lab follows";
  }
  r.discipline = aqm;
  return r;
}

}  // namespace aqmlab::analysis
