// From a scenario side to the analysis models' inputs (core-cpp/ANALYSIS.md
// lists what each approximation leaves out):
// - N(t): long-lived forward TCP flows crossing the side's first bottleneck,
//   following the groups' start_s / stop_s, set_flows, group_on/off events.
// - C: the bottleneck's capacity in packets/s of `packet_bytes`; set_capacity
//   (hop 1) changes it.
// - Tp: the count-weighted harmonic mean of those flows' round-trip
//   propagation times (member RTTs spread evenly over rtt_ms, or its list;
//   a random spread is taken as even); set_delay (hop 1) moves it by twice
//   the change.
// - U(t): the open-loop groups' mean packet rates (cbr, on_off, poisson,
//   mmpp, video), unresponsive; short_tcp and http traffic and reverse
//   groups are left out (a note says so).
// - B: the side's buffer; the discipline and its parameters (defaults
//   resolved for the link), set_param events for the side, and switch_to.
// - The queue chain: only when every forward group is poisson or mmpp (its
//   entries in the order they first appear, identical sources lumped). The
//   system holds B + 1 (the one in transmission has left the buffer);
//   exponential sizes give m = 1, fixed sizes m = min(16, 64 / J) Erlang
//   stages (toward deterministic service); drop-tail has no early drop, RED
//   its static curve on the instantaneous queue; other disciplines have no
//   static curve, so no chain.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/fluid_model.h"
#include "analysis/mmpp_chain.h"
#include "scenario/scenario.h"

namespace aqmlab::analysis {

struct ScenarioModels {
  FluidInput fluid;  // at t = 0 plus its events; fluid.aqm may lack a fluid law
  std::optional<MmppChainModel> chain;
  std::vector<std::string> chain_labels;  // one per chain->sources entry: its members' classes
  std::vector<std::string> notes;  // what was approximated or left out
};

// `side` must be a valid index of s.sides.
ScenarioModels MapScenario(const Scenario& s, int side);

}  // namespace aqmlab::analysis
