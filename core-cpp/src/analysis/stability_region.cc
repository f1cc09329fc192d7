#include "analysis/stability_region.h"

#include <cstdio>

namespace aqmlab::analysis {

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

}  // namespace aqmlab::analysis
