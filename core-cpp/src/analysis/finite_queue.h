// Single-server queues with a finite room, Poisson arrivals: M/M/1/N in
// closed form and M/G/1/N (so M/D/1/N) from the Markov chain embedded at
// departures. The references for the simulator's open-loop queueing checks.
// Pure functions.
//
// N is the SYSTEM capacity: the one in service plus those waiting. A
// QueueLink whose discipline holds `buffer_packets` = K waiting packets is
// an N = K + 1 system (the packet being transmitted has left the queue).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/result.h"

namespace aqmlab::analysis {

struct FiniteQueueSolution {
  std::vector<double> p;      // time-stationary P(n in system), n = 0..N
  double loss = 0;            // fraction of arrivals refused: p[N] (PASTA)
  double mean_in_system = 0;  // E[n]
  double mean_waiting = 0;    // E[n] - (1 - p[0]): the queue without the one in service
  double utilisation = 0;     // 1 - p[0] = rho (1 - loss)
};

// Stationary law of an irreducible chain (n x n, row-major; a transition
// matrix or a generator alike) by Grassmann-Taksar-Heyman elimination: only
// the off-diagonal entries are read, and no subtraction occurs, so tiny
// probabilities stay accurate. O(n^3).
std::vector<double> StationaryGth(std::vector<double> m, size_t n);

// M/M/1/N: p_n = (1 - rho) rho^n / (1 - rho^(N + 1)), uniform when rho = 1.
// rho = lambda / mu > 0, 1 <= capacity.
Result<FiniteQueueSolution> SolveMm1k(double rho, int64_t capacity);

// M/G/1/N from the arrivals during one service. a[k] = P(k arrivals during
// a service), k = 0..N-1, and tail[m] = P(at least m arrivals), m = 0..N,
// given separately so that small tails keep their relative precision.
// rho = lambda E[S]. The departure-epoch chain is solved by the GTH
// elimination (subtraction-free, stable at any load), O(N^3): N <= 2000.
Result<FiniteQueueSolution> SolveMg1kEmbedded(const std::vector<double>& a,
                                              const std::vector<double>& tail, double rho,
                                              int64_t capacity);

// M/D/1/N: a Poisson(rho) number of arrivals during each service.
// 0 < rho <= 100.
Result<FiniteQueueSolution> SolveMd1k(double rho, int64_t capacity);

// The Pollaczek-Khinchine mean number in an M/D/1 system (infinite room),
// rho + rho^2 / (2 (1 - rho)), for rho < 1: the limit of SolveMd1k as N grows.
double Md1MeanInSystem(double rho);

}  // namespace aqmlab::analysis
