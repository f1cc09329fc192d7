// The AAQM paper's queue model (spec/analysis.md sec. 1): MMPP arrivals,
// Erlang-m service, room for L in the system, and an optional static
// early-drop curve F(b). A continuous-time Markov chain over (b, j, l): b in
// the system, j the arrival phase, l the service stage (level 0 has no stage).
//
// Sources. Each entry of `sources` is `count` identical MMPP-2 sources (a
// Poisson source when lambda1 == lambda2). Identical sources are lumped: the
// phase of n of them is how many are in state 1 (n + 1 phases, not 2^n),
// which is exact because they are exchangeable. Entries superpose by the
// Kronecker sum; four single MMPP-2 entries give the paper's 16 phases.
//
// Solver. The generator is block tridiagonal in b (a level-dependent
// quasi-birth-death), so it is solved by linear level reduction: from the top
// level down, each level is censored out through one dense LU of its local
// block (Eigen), then pi_0 comes from the censored J x J generator (GTH) and
// the levels are rebuilt upward. That is a direct block method: its cost is
// fixed, L (J m)^3 / 3 flops or so, and its accuracy does not depend on how
// fast the chain mixes. Gauss-Seidel was the spec's suggestion, but with
// MMPP phases that switch a thousand times slower than the server works it
// needs many thousands of sweeps to converge.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/result.h"

namespace aqmlab::analysis {

struct MmppSourceGroup {
  double lambda1 = 100;  // packets/s in state 1, >= 0
  double lambda2 = 10;   // packets/s in state 2, >= 0
  double r12 = 1;        // 1/s leaving state 1 (> 0 unless lambda1 == lambda2)
  double r21 = 1;        // 1/s leaving state 2
  int64_t count = 1;     // identical sources
};

struct MmppChainModel {
  std::vector<MmppSourceGroup> sources;
  double service_rate = 1000;  // mu, packets/s (mean service time 1 / mu)
  int64_t stages = 1;          // m, Erlang stages (1: exponential service)
  int64_t capacity = 200;      // L: the most in the system, the one in service included
  // F(b), b = 0..L-1: the probability an arrival finding b in the system is
  // dropped early. Empty: none (drop-tail). An arrival finding L is always lost.
  std::vector<double> drop;
};

struct MmppChainResult {
  std::vector<double> distribution;  // P(b in system), b = 0..L
  double mean_in_system = 0;         // E[N]
  double mean_waiting = 0;           // E[N] - P(busy): what a buffer holds
  double mean_delay_s = 0;           // E[N] / admitted rate (Little), service included
  double loss = 0;                   // lost / offered, early drops included
  double offered_pps = 0;
  double admitted_pps = 0;
  std::vector<double> loss_per_source;  // one per entry of `sources` (each member's)
  // Mean time in the system of each entry's admitted packets (s): an arrival
  // admitted at (b, j, l) waits out the rest of the service in progress,
  // (m - l + 1) stages, then b - 1 services, then its own. Their mean
  // weighted by the admitted rates is mean_delay_s (Little); with Poisson
  // entries (PASTA) all are equal; bursty entries arrive more often into a
  // long queue and wait longer.
  std::vector<double> delay_per_source_s;
  int64_t phases = 0;                   // J
  int64_t states = 0;                   // J + L J m
};

// The largest J m (one level's size) and L (J m)^2 (the factors kept).
inline constexpr int64_t kMaxLevelStates = 256;
inline constexpr int64_t kMaxFactorEntries = 8'000'000;

Result<MmppChainResult> SolveMmppChain(const MmppChainModel& model);

// The paper's linear early-drop curve F(b) = (b - th) / (L - th) for
// th <= b < L, 0 below: L values for SolveMmppChain's `drop`.
std::vector<double> LinearDropCurve(int64_t capacity, double threshold);

}  // namespace aqmlab::analysis
