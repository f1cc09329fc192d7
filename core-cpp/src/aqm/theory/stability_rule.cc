#include "aqm/theory/stability_rule.h"

#include <cmath>
#include <cstdio>

namespace aqmlab::theory {

namespace {
constexpr int kBodePoints = 200;
}  // namespace

std::string VerdictOf(double ratio) {
  if (!std::isfinite(ratio)) return "unstable";
  return ratio <= kStableBelow ? "stable" : ratio <= kUnstableAbove ? "marginal" : "unstable";
}

double TcpPole(const LoopPlant& pl) { return 2 * pl.flows / (pl.rtt_s * pl.rtt_s * pl.capacity_pps); }

std::vector<Quantity> PlantNumbers(const LoopPlant& pl) {
  return {{"N", pl.flows, "long-lived TCP flows"},
          {"C_pps", pl.capacity_pps, "capacity, packets/s"},
          {"R_s", pl.rtt_s, "round-trip time at equilibrium, s"}};
}

void Judge(StabilityReport& r, double ratio) {
  r.ratio = ratio;
  r.numbers.push_back({"ratio", ratio, "how far toward the stability limit (1 = on it)"});
  r.verdict = VerdictOf(ratio);
}

void Finish(StabilityReport& r, const OpenLoop& loop, const LoopPlant& pl) {
  r.bode = Bode(loop, 1e-3 / pl.rtt_s, 1e2 / pl.rtt_s, kBodePoints);
  r.margins = FindMargins(loop, 1e-4 / pl.rtt_s, 1e4 / pl.rtt_s);
  if (r.margins->gain_db) r.numbers.push_back({"gain_margin_db", *r.margins->gain_db, "gain margin, dB"});
  if (r.margins->phase_deg) r.numbers.push_back({"phase_margin_deg", *r.margins->phase_deg, "phase margin, degrees"});
}

double NyquistRatio(const Margins& m) { return m.gain_db ? std::pow(10.0, -*m.gain_db / 20) : 0.0; }

void JudgeLoop(StabilityReport& r, const OpenLoop& loop, const LoopPlant& pl) {
  Finish(r, loop, pl);
  Judge(r, NyquistRatio(*r.margins));
}

std::string Approx(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

bool OutsideTheLaw(StabilityReport& r, double q0, double p0, const LoopPlant& pl) {
  r.verdict = "none";
  if (p0 >= 1) {
    r.region = "saturated";
    r.region_text = Approx(pl.flows) + " flows over a path of " + Approx(pl.rtt_s * pl.capacity_pps) +
                    " packets would need a drop probability of " + Approx(p0) +
                    " (a window under 1.4 packets each): TCP cannot slow down that far, the windows sit at their "
                    "floor and the law saturates, so no linear rule applies.";
    return true;
  }
  if (q0 >= pl.buffer_pkts) {
    r.region = "buffer";
    r.region_text = "The equilibrium queue (" + Approx(q0) + " packets) is at or past the buffer (" +
                    Approx(pl.buffer_pkts) +
                    "): the buffer overflows first and holds the queue there, as drop-tail does, so the law's "
                    "linear rule does not apply.";
    return true;
  }
  r.region = "linear";
  r.region_text = "The equilibrium (queue " + Approx(q0) + " packets, drop probability " + Approx(p0) +
                  ") is inside the law's working range, where its linearised loop describes it.";
  return false;
}

}  // namespace aqmlab::theory
