#include "analysis/finite_queue.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "sim/portable_math.h"

namespace aqmlab::analysis {

namespace {

constexpr int64_t kMaxEmbeddedCapacity = 2000;
constexpr int64_t kMaxClosedFormCapacity = 10'000'000;

// Fills the means from p (already normalised).
FiniteQueueSolution Summarise(std::vector<double> p) {
  FiniteQueueSolution s;
  for (size_t n = 0; n < p.size(); ++n) s.mean_in_system += static_cast<double>(n) * p[n];
  s.utilisation = 1.0 - p[0];
  s.mean_waiting = s.mean_in_system - s.utilisation;
  s.loss = p.back();
  s.p = std::move(p);
  return s;
}


}  // namespace

std::vector<double> StationaryGth(std::vector<double> m, size_t n) {
  auto at = [&](size_t i, size_t j) -> double& { return m[i * n + j]; };
  for (size_t k = n - 1; k >= 1; --k) {
    double s = 0;
    for (size_t j = 0; j < k; ++j) s += at(k, j);
    for (size_t i = 0; i < k; ++i) at(i, k) /= s;
    for (size_t i = 0; i < k; ++i) {
      const double f = at(i, k);
      if (f == 0) continue;
      for (size_t j = 0; j < k; ++j) at(i, j) += f * at(k, j);
    }
  }
  std::vector<double> x(n, 0.0);
  x[0] = 1.0;
  double total = 1.0;
  for (size_t j = 1; j < n; ++j) {
    for (size_t i = 0; i < j; ++i) x[j] += x[i] * at(i, j);
    total += x[j];
  }
  for (double& v : x) v /= total;
  return x;
}

Result<FiniteQueueSolution> SolveMm1k(double rho, int64_t capacity) {
  if (!(rho > 0) || !std::isfinite(rho)) return Error{"rho: must be positive"};
  if (capacity < 1 || capacity > kMaxClosedFormCapacity) {
    return Error{"capacity: must be in [1, " + std::to_string(kMaxClosedFormCapacity) + "]"};
  }
  // p_n proportional to rho^n; weights are taken relative to the largest
  // (rho^0 or rho^N) so that neither overflows.
  const auto n_states = static_cast<size_t>(capacity) + 1;
  std::vector<double> p(n_states);
  const double ratio = rho <= 1 ? rho : 1.0 / rho;
  double w = 1.0;
  double total = 0;
  for (size_t i = 0; i < n_states; ++i) {
    p[rho <= 1 ? i : n_states - 1 - i] = w;
    total += w;
    w *= ratio;
  }
  for (double& v : p) v /= total;
  return Summarise(std::move(p));
}

Result<FiniteQueueSolution> SolveMg1kEmbedded(const std::vector<double>& a,
                                              const std::vector<double>& tail, double rho,
                                              int64_t capacity) {
  if (!(rho > 0) || !std::isfinite(rho)) return Error{"rho: must be positive"};
  if (capacity < 1 || capacity > kMaxEmbeddedCapacity) {
    return Error{"capacity: must be in [1, " + std::to_string(kMaxEmbeddedCapacity) + "]"};
  }
  const auto n = static_cast<size_t>(capacity);  // states 0..N-1 left behind
  if (a.size() < n || tail.size() < n + 1) return Error{"a, tail: need N and N + 1 terms"};
  if (!(a[0] > 0)) return Error{"a[0]: must be positive (the chain must be able to empty)"};
  // A departure leaves j behind. From 0 the next customer arrives to an
  // empty system; from i >= 1 one leaves and those arriving in its service
  // join, up to the room: the last column takes the tail.
  std::vector<double> m(n * n, 0.0);
  for (size_t i = 0; i < n; ++i) {
    const size_t base = i == 0 ? 0 : i - 1;  // j = base + k with k arrivals
    for (size_t j = base; j + 1 < n; ++j) m[i * n + j] = a[j - base];
    m[i * n + (n - 1)] = tail[n - 1 - base];
  }
  const std::vector<double> pi = StationaryGth(std::move(m), n);
  // Departures and admitted arrivals see the same law (level crossing), and
  // by PASTA arrivals see the time average, so p_n = (1 - p_N) pi_n for
  // n < N; with 1 - p_0 = rho (1 - p_N) that gives 1 - p_N = 1 / (pi_0 + rho).
  const double admitted = 1.0 / (pi[0] + rho);
  std::vector<double> p(n + 1);
  for (size_t j = 0; j < n; ++j) p[j] = pi[j] * admitted;
  p[n] = 1.0 - admitted;
  return Summarise(std::move(p));
}

Result<FiniteQueueSolution> SolveMd1k(double rho, int64_t capacity) {
  if (!(rho > 0) || rho > 100) return Error{"rho: must be in (0, 100]"};
  if (capacity < 1 || capacity > kMaxEmbeddedCapacity) {
    return Error{"capacity: must be in [1, " + std::to_string(kMaxEmbeddedCapacity) + "]"};
  }
  // Poisson(rho) terms far enough past both N and the bulk of the law that
  // what is left out is below any tail that matters, summed from the far
  // end so that small tails are exact rather than 1 minus a near-1 sum.
  const auto n = static_cast<size_t>(capacity);
  const size_t last = std::max(n, static_cast<size_t>(rho + 40.0 * std::sqrt(rho) + 40.0)) + 200;
  std::vector<double> terms(last + 1);
  terms[0] = pmath::Exp(-rho);
  for (size_t k = 1; k <= last; ++k) terms[k] = terms[k - 1] * rho / static_cast<double>(k);
  std::vector<double> tail(last + 2, 0.0);
  for (size_t k = last + 1; k-- > 0;) tail[k] = tail[k + 1] + terms[k];
  terms.resize(n);
  tail.resize(n + 1);
  return SolveMg1kEmbedded(terms, tail, rho, capacity);
}

double Md1MeanInSystem(double rho) { return rho + rho * rho / (2.0 * (1.0 - rho)); }

}  // namespace aqmlab::analysis
