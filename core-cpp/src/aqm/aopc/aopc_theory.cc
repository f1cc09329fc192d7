// AOPC's analysis models (Wang & Rong): LRED's loss-ratio law with AOPC's
// gain (aqm/lred/lred_theory.h), the queue held at q0, and the second-order
// model its gain is designed on (aopc_tuning.h), with the delay the paper
// leaves out, judged by its Nyquist ratio.
#include <algorithm>
#include <cmath>
#include <string>

#include "aqm/aopc/aopc_queue.h"
#include "aqm/aopc/aopc_tuning.h"
#include "aqm/lred/lred_theory.h"
#include "aqm/theory/response_bounds.h"

namespace aqmlab::aopc {

using namespace theory;  // the toolkit a rule is written with (aqm/theory/)

StabilityReport Stability(const ParamValues& p, const LoopPlant& pl) {
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
  loop.factors = {theory::Gain(designed.gamma * actual.km), theory::Pole(1 / actual.t1), theory::Pole(1 / actual.t2)};
  JudgeLoop(r, loop, pl);
  return r;
}

}  // namespace aqmlab::aopc

namespace aqmlab {

const theory::DisciplineTheory& AopcQueue::Theory() {
  static const theory::DisciplineTheory t = lred::LossRatioTheory(true, &aopc::Stability);
  return t;
}

}  // namespace aqmlab
