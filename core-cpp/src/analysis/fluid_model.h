// The fluid model of N TCP flows through one AQM queue (Misra, Gong,
// Towsley; Hollot et al.; spec/analysis.md sec. 2):
//   W'(t) = 1/R(t) - W(t) W(t - R) / (2 R(t - R)) p(t - R)
//   q'(t) = A(t) (1 - p_aqm(t)) - C,   A = N W / R + U,   R = q / C + Tp
// q held in [0, B]; at B the excess is lost (the overflow share joins p).
// U is the open-loop traffic's mean rate (unresponsive), a term the spec's
// equation does not have; the (1 - p_aqm) factor counts only admitted
// packets, which matters once p is large. W is held in [1, w_max]: below
// one packet TCP would time out, which the model leaves out.
//
// Integration: explicit Euler with a fixed step and a history buffer of
// (W, p, R) per step; the delayed values are read at t - R(t) by linear
// interpolation (before t = 0: the initial values). Changes of N, C, Tp,
// U, parameters or the discipline itself take effect at their event times.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/stability.h"  // ParamValues
#include "sim/result.h"

namespace aqmlab::analysis {

struct FluidEvent {
  double at_s = 0;
  std::optional<double> flows;
  std::optional<double> capacity_pps;
  std::optional<double> prop_rtt_s;
  std::optional<double> open_loop_pps;
  ParamValues params;              // set_param: merged into the current ones
  std::optional<std::string> aqm;  // a switch of discipline (its state starts afresh)
};

struct FluidInput {
  double flows = 50;
  double capacity_pps = 2500;
  double prop_rtt_s = 0.1;  // Tp
  double buffer_pkts = 200;
  double open_loop_pps = 0;
  double max_window = 10000;
  std::string aqm = "droptail";
  ParamValues params;
  double duration_s = 60;
  double step_s = 0;    // 0: min(1 ms, Tp / 50), then at most 2,000,000 steps
  double sample_s = 0;  // output spacing (whole steps); 0 or finer than duration/4000: duration/4000
  std::vector<FluidEvent> events;  // sorted by at_s
};

struct FluidTrajectory {
  std::vector<double> t, queue_pkts, window_pkts, p;
  double step_s = 0;
};

Result<FluidTrajectory> RunFluidModel(const FluidInput& in);

// The equilibrium of the model without its discipline: W0 = R0 C / N,
// p0 = 2 N^2 / (R0 C)^2 with R0 = q0 / C + Tp; q0 is the discipline's steady
// queue where the law fixes it (PI, PID and MSC qref, REM/LRED/AOPC q0, RED the
// curve's crossing with p0, drop-tail B), else absent. REM's own fixed point
// sits T C p / (alpha (1 - p)) below q0 (its rate term counts offered packets,
// T its update period): under a packet at the lab's defaults.
struct FluidEquilibrium {
  double w0 = 0, p0 = 0, r0 = 0;
  std::optional<double> q0;
};
FluidEquilibrium Equilibrium(const FluidInput& in);

// `need_law`: whether the discipline must have a fluid law (false when only
// the equilibrium and stability are wanted).
Status ValidateFluidInput(const FluidInput& in, bool need_law = true);

}  // namespace aqmlab::analysis
