#include "analysis/stability.h"

#include <algorithm>
#include <cmath>

#include "analysis/aopc_tuning.h"
#include "analysis/lred_stability.h"
#include "analysis/response_bounds.h"

namespace aqmlab::analysis {

namespace {

constexpr double kEta = 1.5;  // LRED's TCP model, p0 = eta N^2 / (R C)^2
constexpr int kBodePoints = 200;

double TcpPole(const LoopPlant& pl) { return 2 * pl.flows / (pl.rtt_s * pl.rtt_s * pl.capacity_pps); }

// The frequency range the loop is drawn and searched over, scaled by 1/R.
void Finish(StabilityReport& r, const OpenLoop& loop, const LoopPlant& pl) {
  r.bode = Bode(loop, 1e-3 / pl.rtt_s, 1e2 / pl.rtt_s, kBodePoints);
  r.margins = FindMargins(loop, 1e-4 / pl.rtt_s, 1e4 / pl.rtt_s);
  if (r.margins->gain_db) r.numbers.emplace_back("gain_margin_db", *r.margins->gain_db);
  if (r.margins->phase_deg) r.numbers.emplace_back("phase_margin_deg", *r.margins->phase_deg);
}

// r = 10^(-GM/20): the loop gain over the gain at which it loses stability.
double NyquistRatio(const Margins& m) { return m.gain_db ? std::pow(10.0, -*m.gain_db / 20) : 0.0; }

StabilityReport Red(const std::string& name, const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double c = pl.capacity_pps, n = pl.flows, rtt = pl.rtt_s;
  const double wq = ParamOr(p, "wq", 0.002), max_p = ParamOr(p, "max_p", 0.1);
  const double span = ParamOr(p, "max_th", 15) - ParamOr(p, "min_th", 5);
  const double l_red = max_p / span, k = -c * std::log(1 - wq);
  const double wg = 0.1 * std::min(TcpPole(pl), 1 / rtt);
  const double lhs = l_red * std::pow(rtt * c, 3) / (4 * n * n), bound = std::sqrt(wg * wg / (k * k) + 1);
  r.rule = "L_red (R C)^3 / (2N)^2 <= sqrt(wg^2 / K^2 + 1), L_red = max_p / (max_th - min_th), "
           "K = -C ln(1 - wq), wg = 0.1 min(2N / (R^2 C), 1 / R)  (Hollot et al.)";
  if (name != "red") r.rule += "; " + name + " adapts RED's setting: the rule at its current one";
  r.numbers = {{"N", n}, {"C_pps", c}, {"R_s", rtt}, {"L_red", l_red}, {"K_rad_s", k}, {"wg_rad_s", wg},
               {"lhs", lhs}, {"bound", bound}, {"ratio", lhs / bound}};
  r.verdict = VerdictOf(lhs / bound);
  Finish(r, RedLoop(p, pl), pl);
  return r;
}

// PI and REM share the loop; `k`, `z` are the continuous controller's.
StabilityReport PiLike(PiContinuous ctl, const LoopPlant& pl, StabilityReport r) {
  const double pole = TcpPole(pl), wg = 0.5 * std::min(pole, 1 / pl.rtt_s);
  const double k_design = 2 * pl.flows * pole * wg * std::sqrt(wg * wg + 1 / (pl.rtt_s * pl.rtt_s)) /
                          (pl.capacity_pps * pl.capacity_pps);
  r.numbers.insert(r.numbers.end(), {{"N", pl.flows}, {"C_pps", pl.capacity_pps}, {"R_s", pl.rtt_s},
                                     {"K", ctl.k}, {"z_rad_s", ctl.z}, {"tcp_pole_rad_s", pole},
                                     {"design_z_rad_s", pole}, {"design_K", k_design}});
  if (!(ctl.k > 0) || !(ctl.z > 0)) {
    r.verdict = "unstable";
    r.rule += "; the controller has no integral action here (K <= 0)";
    return r;
  }
  const OpenLoop loop = PiLoop(ctl.k, ctl.z, pl);
  Finish(r, loop, pl);
  const double ratio = NyquistRatio(*r.margins);
  r.numbers.emplace_back("ratio", ratio);
  r.verdict = VerdictOf(ratio);
  return r;
}

StabilityReport Pi(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double a = ParamOr(p, "a", 1.822e-5), b = ParamOr(p, "b", 1.816e-5), f = ParamOr(p, "freq_hz", 170);
  r.rule = "L(s) = K (s/z + 1)/s * (C^2 / 2N) e^{-sR} / ((s + 2N/(R^2 C)) (s + 1/R)), K = (a - b) f, "
           "K/z = (a + b)/2; stable while the gain margin is positive. Design: z = 2N/(R^2 C), "
           "K for crossover at 0.5 min(2N/(R^2 C), 1/R)";
  r.numbers = {{"a", a}, {"b", b}, {"freq_hz", f}};
  const double q0 = ParamOr(p, "qref", pl.buffer_pkts / 4);
  r.numbers.emplace_back("response_time_lower_bound_s",
                         PiResponseLowerBound(LredP0(pl.flows, pl.capacity_pps, pl.rtt_s), a, b, f, pl.buffer_pkts, q0));
  return PiLike(PiFromDiscrete(a, b, f), pl, r);
}

StabilityReport Rem(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double phi = ParamOr(p, "phi", 1.001), alpha = ParamOr(p, "alpha", 0.1), gamma = ParamOr(p, "gamma", 0.001);
  const double f = 1000 / ParamOr(p, "interval_ms", 2), q0 = ParamOr(p, "q0", pl.buffer_pkts / 4);
  const double p0 = std::min(0.99, FluidP0(pl.flows, pl.capacity_pps, pl.rtt_s));
  const double slope = gamma * std::log(phi) * (1 - p0);  // dp/du at the operating point times gamma
  r.rule = "price u' = gamma (alpha f (q - q0) + q'), p = 1 - phi^-u: a PI controller "
           "K (s/z + 1)/s with K = gamma ln(phi) (1 - p0) alpha f, z = alpha f, on PI's plant; "
           "stable while the gain margin is positive";
  r.numbers = {{"gamma", gamma}, {"alpha", alpha}, {"phi", phi}, {"f_hz", f}, {"p0", p0},
               {"response_time_lower_bound_s",
                RemResponseLowerBound(LredP0(pl.flows, pl.capacity_pps, pl.rtt_s), gamma, alpha, phi, f,
                                      pl.buffer_pkts, q0)}};
  return PiLike({slope * alpha * f, alpha * f}, pl, r);
}

StabilityReport Pid(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double kp = ParamOr(p, "kp", 8e-5), ki = ParamOr(p, "ki", 4e-5), kd = ParamOr(p, "kd", 2e-6);
  r.rule = "velocity-form PID p += kp (e - e1) + ki T e + kd/T (e - 2 e1 + e2) as Kp + Ki/s + Kd s on PI's plant "
           "(C^2 / 2N) e^{-sR} / ((s + 2N/(R^2 C)) (s + 1/R)); stable while the gain margin is positive "
           "(no paper gives PID a rule: the lab's linear check)";
  r.numbers = {{"N", pl.flows}, {"C_pps", pl.capacity_pps}, {"R_s", pl.rtt_s}, {"kp", kp}, {"ki", ki}, {"kd", kd},
               {"tcp_pole_rad_s", TcpPole(pl)}};
  OpenLoop loop;
  loop.delay_s = pl.rtt_s;
  loop.factors = {Gain(pl.capacity_pps * pl.capacity_pps * pl.rtt_s / (2 * pl.flows * TcpPole(pl))), Pole(TcpPole(pl)),
                  Pole(1 / pl.rtt_s), Integrator(),
                  [=](double w) { return std::complex<double>(ki - kd * w * w, kp * w); }};
  Finish(r, loop, pl);
  const double ratio = NyquistRatio(*r.margins);
  r.numbers.emplace_back("ratio", ratio);
  r.verdict = VerdictOf(ratio);
  return r;
}

StabilityReport Lred(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const LredStability s = AnalyseLredStability({pl.capacity_pps, pl.flows, pl.rtt_s, kEta});
  const double beta = ParamOr(p, "beta", 0.001);
  r.rule = "beta <= beta_hat = min(Kc Hc bound at the crossover w: R w + atan(w / K11) = pi/2, "
           "sqrt(2 eta) (2N)^2 / (R^3 C^3)), K11 = 2N/(R^2 C), Kc = C^2/(eta N), Hc = beta sqrt(p0), "
           "eta = 1.5  (Wang et al., LRED)";
  r.numbers = {{"N", pl.flows}, {"C_pps", pl.capacity_pps}, {"R_s", pl.rtt_s}, {"K11", s.k11}, {"p0", s.p0},
               {"w_rad_s", s.crossover}, {"beta_bound", s.beta_bound}, {"beta_cap", s.beta_cap},
               {"beta_hat", s.beta_hat}, {"beta", beta}, {"ratio", beta / s.beta_hat}};
  r.verdict = VerdictOf(beta / s.beta_hat);
  Finish(r, LossRatioLoop(beta * std::sqrt(std::min(s.p0, 1.0)), pl), pl);
  return r;
}

StabilityReport Aopc(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double l = std::min(0.99, LredP0(pl.flows, pl.capacity_pps, pl.rtt_s)), req = ParamOr(p, "Req", 0.18);
  const AopcSecondOrder designed = AopcModel(l, req, pl.capacity_pps);
  const AopcSecondOrder actual = AopcModelAt(l, pl.rtt_s, pl.capacity_pps, designed.gamma);
  r.rule = "gamma = f(l) (1 + 4 f(l)^2) / (Req C), f(l) = sqrt(3l/2) / (1 - l): damping 0.707 when the "
           "RTT is Req. The loop gamma Km e^{-sR} / ((T1 s + 1)(T2 s + 1)), Km = R C / (4 f^2), T1 = R / (2f), "
           "T2 = R at the real R (the paper's second-order model, with the delay it leaves out) is stable "
           "while its gain margin is positive  (Wang & Rong, AOPC)";
  r.numbers = {{"N", pl.flows}, {"C_pps", pl.capacity_pps}, {"R_s", pl.rtt_s}, {"l", l}, {"Req_s", req},
               {"f", designed.f}, {"gamma", designed.gamma}, {"Km", actual.km}, {"zeta_design", designed.zeta},
               {"zeta_actual", actual.zeta}, {"settling_s", actual.settling}};
  OpenLoop loop;
  loop.delay_s = pl.rtt_s;
  loop.factors = {Gain(designed.gamma * actual.km), Pole(1 / actual.t1), Pole(1 / actual.t2)};
  Finish(r, loop, pl);
  const double ratio = NyquistRatio(*r.margins);
  r.numbers.emplace_back("ratio", ratio);
  r.verdict = VerdictOf(ratio);
  return r;
}

StabilityReport Msc(const ParamValues& p, const LoopPlant& pl) {
  StabilityReport r;
  const double c = pl.capacity_pps, n = pl.flows, rtt = pl.rtt_s;
  const double k = -std::log(1 - std::min(ParamOr(p, "r_w", 0.5), 0.999999)) / ParamOr(p, "ts_l", 0.2);
  const double a = 2 * n * n / (rtt * rtt * rtt * c), wg = 0.1 * std::min(a, 1 / rtt);
  const double lhs = rtt * rtt * rtt * c * c / (4 * n * n * n), bound = std::sqrt(wg * wg / (k * k) + 1);
  const double alpha = ParamOr(p, "alpha", 1), qref = ParamOr(p, "qref", 40);
  r.rule = "R^3 C^2 / (4 N^3) <= sqrt(wg^2 / K^2 + 1), wg = 0.1 min(2N^2 / (R^3 C), 1 / R), "
           "K = -ln(1 - r_w) / ts_l  (Ji & Dong, MSC Theorem 1)";
  r.numbers = {{"N", n}, {"C_pps", c}, {"R_s", rtt}, {"K_rad_s", k}, {"wg_rad_s", wg},
               {"lhs", lhs}, {"bound", bound}, {"ratio", lhs / bound}};
  r.verdict = VerdictOf(lhs / bound);
  OpenLoop loop;
  loop.delay_s = rtt;
  loop.factors = {Gain(c * c / (2 * n) / a), Pole(a), [=](double w) {
                    return (1 / c) / std::complex<double>(1, w / k) +
                           (alpha / qref) / std::complex<double>(1 / rtt, w);
                  }};
  Finish(r, loop, pl);
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
  const double l_red = ParamOr(p, "max_p", 0.1) / (ParamOr(p, "max_th", 15) - ParamOr(p, "min_th", 5));
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
