#include "analysis/mmpp_chain.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <string>

#include "analysis/finite_queue.h"

namespace aqmlab::analysis {

namespace {

using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;

// The superposed arrival process: generator, total rate per phase, and each
// source entry's rate per phase (for the per-source loss).
struct Phases {
  int64_t count = 1;
  Matrix q = Matrix::Zero(1, 1);
  std::vector<double> rate{0.0};
  std::vector<std::vector<double>> entry_rate;
};

bool IsPoisson(const MmppSourceGroup& g) { return g.lambda1 == g.lambda2; }

// One entry, lumped: phase k = how many of its `count` sources are in state 1.
void LumpedEntry(const MmppSourceGroup& g, Matrix& q, std::vector<double>& rate) {
  if (IsPoisson(g)) {
    q = Matrix::Zero(1, 1);
    rate = {static_cast<double>(g.count) * g.lambda1};
    return;
  }
  const int64_t n = g.count;
  q = Matrix::Zero(n + 1, n + 1);
  rate.assign(static_cast<size_t>(n + 1), 0.0);
  for (int64_t k = 0; k <= n; ++k) {
    const double on = static_cast<double>(k), off = static_cast<double>(n - k);
    rate[static_cast<size_t>(k)] = on * g.lambda1 + off * g.lambda2;
    if (k > 0) q(k, k - 1) = on * g.r12;
    if (k < n) q(k, k + 1) = off * g.r21;
    q(k, k) = -(on * g.r12 + off * g.r21);
  }
}

// Kronecker sum of the entries, phase index = old * n + k.
Phases BuildPhases(const std::vector<MmppSourceGroup>& groups) {
  Phases ph;
  for (const MmppSourceGroup& g : groups) {
    Matrix qg;
    std::vector<double> rg;
    LumpedEntry(g, qg, rg);
    const int64_t old = ph.count, n = static_cast<int64_t>(rg.size()), next = old * n;
    Matrix q = Matrix::Zero(next, next);
    for (int64_t a = 0; a < old; ++a) {
      for (int64_t k = 0; k < n; ++k) {
        for (int64_t b = 0; b < old; ++b) q(a * n + k, b * n + k) += ph.q(a, b);
        for (int64_t l = 0; l < n; ++l) q(a * n + k, a * n + l) += qg(k, l);
      }
    }
    auto spread = [&](const std::vector<double>& v, bool outer) {
      std::vector<double> out(static_cast<size_t>(next));
      for (int64_t a = 0; a < old; ++a) {
        for (int64_t k = 0; k < n; ++k) out[static_cast<size_t>(a * n + k)] = outer ? v[size_t(a)] : v[size_t(k)];
      }
      return out;
    };
    std::vector<double> rate = spread(ph.rate, true);
    for (auto& er : ph.entry_rate) er = spread(er, true);
    const std::vector<double> mine = spread(rg, false);
    for (size_t i = 0; i < rate.size(); ++i) rate[i] += mine[i];
    ph.entry_rate.push_back(mine);
    ph.q = std::move(q);
    ph.rate = std::move(rate);
    ph.count = next;
  }
  return ph;
}

Status Validate(const MmppChainModel& m) {
  if (m.sources.empty() || m.sources.size() > 64) return {"sources: must hold 1 to 64 entries"};
  for (size_t i = 0; i < m.sources.size(); ++i) {
    const MmppSourceGroup& g = m.sources[i];
    const std::string at = "sources[" + std::to_string(i) + "].";
    auto in = [](double x, double lo, double hi) { return std::isfinite(x) && x >= lo && x <= hi; };
    if (!in(g.lambda1, 0, 1e7)) return {at + "lambda1: must be in [0, 10000000] packets/s"};
    if (!in(g.lambda2, 0, 1e7)) return {at + "lambda2: must be in [0, 10000000] packets/s"};
    if (!IsPoisson(g) && !in(g.r12, 1e-6, 1e6)) return {at + "r12: must be in [1e-6, 1000000] 1/s"};
    if (!IsPoisson(g) && !in(g.r21, 1e-6, 1e6)) return {at + "r21: must be in [1e-6, 1000000] 1/s"};
    if (g.count < 1 || g.count > 1000) return {at + "count: must be an integer in [1, 1000]"};
  }
  if (!std::isfinite(m.service_rate) || !(m.service_rate > 0) || m.service_rate > 1e9) {
    return {"service_rate_pps: must be in (0, 1e9] packets/s"};
  }
  if (m.stages < 1 || m.stages > 64) return {"erlang_stages: must be an integer in [1, 64]"};
  if (m.capacity < 1 || m.capacity > 100000) return {"capacity_pkts: must be an integer in [1, 100000]"};
  if (!m.drop.empty()) {
    if (static_cast<int64_t>(m.drop.size()) != m.capacity) {
      return {"drop_curve: must hold capacity_pkts (" + std::to_string(m.capacity) + ") values, F(0)..F(L-1)"};
    }
    for (size_t b = 0; b < m.drop.size(); ++b) {
      if (!(m.drop[b] >= 0 && m.drop[b] <= 1)) return {"drop_curve[" + std::to_string(b) + "]: must be in [0, 1]"};
    }
  }
  int64_t phases = 1;
  for (const MmppSourceGroup& g : m.sources) {
    phases *= IsPoisson(g) ? 1 : g.count + 1;
    if (phases * m.stages > kMaxLevelStates) {
      return {"sources: the arrival phases times erlang_stages exceed " + std::to_string(kMaxLevelStates) +
              " states per level (fewer MMPP entries or stages)"};
    }
  }
  const int64_t level = phases * m.stages;
  if (m.capacity * level * level > kMaxFactorEntries) {
    return {"capacity_pkts: L (J m)^2 = " + std::to_string(m.capacity * level * level) + " exceeds " +
            std::to_string(kMaxFactorEntries) + " (a smaller capacity_pkts or erlang_stages)"};
  }
  return {};
}

}  // namespace

std::vector<double> LinearDropCurve(int64_t capacity, double threshold) {
  std::vector<double> f(static_cast<size_t>(std::max<int64_t>(capacity, 0)), 0.0);
  const double room = static_cast<double>(capacity) - threshold;
  for (size_t b = 0; b < f.size(); ++b) {
    const double x = static_cast<double>(b);
    if (x >= threshold && room > 0) f[b] = std::min(1.0, (x - threshold) / room);
  }
  return f;
}

Result<MmppChainResult> SolveMmppChain(const MmppChainModel& model) {
  if (Status s = Validate(model); !s.ok()) return Error{s.error};
  const Phases ph = BuildPhases(model.sources);
  const int64_t jn = ph.count, m = model.stages, n = jn * m, cap = model.capacity;
  const double stage_rate = static_cast<double>(m) * model.service_rate;
  auto admit = [&](int64_t b) { return b >= cap ? 0.0 : model.drop.empty() ? 1.0 : 1.0 - model.drop[size_t(b)]; };
  // Level b's own block: phase changes, stage advances, and every outflow on
  // the diagonal (arrivals admitted to b + 1, the stage's completion).
  auto local = [&](int64_t b) {
    if (b == 0) {
      Matrix a = ph.q;
      for (int64_t j = 0; j < jn; ++j) a(j, j) -= ph.rate[size_t(j)] * admit(0);
      return a;
    }
    Matrix a = Matrix::Zero(n, n);
    for (int64_t j = 0; j < jn; ++j) {
      for (int64_t l = 0; l < m; ++l) {
        const int64_t r = j * m + l;
        for (int64_t k = 0; k < jn; ++k) {
          if (k != j) a(r, k * m + l) = ph.q(j, k);
        }
        if (l + 1 < m) a(r, r + 1) = stage_rate;
        a(r, r) = ph.q(j, j) - stage_rate - ph.rate[size_t(j)] * admit(b);
      }
    }
    return a;
  };
  // From the top down: S_b is level b's block in the chain censored on
  // levels 0..b; -S_b is a nonsingular M-matrix, so partial pivoting is safe.
  // Only stage m of level b leaves downward, into stage 1 (or level 0), so
  // R_b A2(b) = A0(b-1) (-S_b)^-1 A2(b) needs J solves, not J m.
  std::vector<Eigen::PartialPivLU<Matrix>> lu(static_cast<size_t>(cap + 1));
  Matrix s = local(cap);
  for (int64_t b = cap; b >= 1; --b) {
    lu[size_t(b)].compute(-s);
    Matrix e = Matrix::Zero(n, jn);
    for (int64_t j = 0; j < jn; ++j) e(j * m + m - 1, j) = stage_rate;
    const Matrix y = lu[size_t(b)].solve(e);  // (-S_b)^-1 A2 on its J live columns
    s = local(b - 1);
    if (b - 1 == 0) {
      for (int64_t i = 0; i < jn; ++i) {
        const double up = ph.rate[size_t(i)] * admit(0);
        for (int64_t j = 0; j < jn; ++j) s(i, j) += up * y(i * m, j);
      }
    } else {
      for (int64_t r = 0; r < n; ++r) {
        const double up = ph.rate[size_t(r / m)] * admit(b - 1);
        for (int64_t j = 0; j < jn; ++j) s(r, j * m) += up * y(r, j);
      }
    }
  }
  std::vector<double> s0(static_cast<size_t>(jn * jn));
  for (int64_t i = 0; i < jn; ++i) {
    for (int64_t j = 0; j < jn; ++j) s0[size_t(i * jn + j)] = s(i, j);
  }
  const std::vector<double> pi0 = StationaryGth(std::move(s0), static_cast<size_t>(jn));
  // Upward: pi_b = pi_{b-1} A0(b-1) (-S_b)^-1.
  std::vector<Vector> level(static_cast<size_t>(cap + 1));
  level[0] = Eigen::Map<const Vector>(pi0.data(), jn);
  for (int64_t b = 1; b <= cap; ++b) {
    Vector y = Vector::Zero(n);
    const Vector& prev = level[size_t(b - 1)];
    for (int64_t r = 0; r < (b == 1 ? jn : n); ++r) {
      const int64_t j = b == 1 ? r : r / m;
      y(b == 1 ? r * m : r) = prev(r) * ph.rate[size_t(j)] * admit(b - 1);
    }
    level[size_t(b)] = lu[size_t(b)].transpose().solve(y);
  }
  double total = 0;
  for (const Vector& v : level) total += v.sum();
  MmppChainResult out;
  out.phases = jn;
  out.states = jn + cap * n;
  out.distribution.resize(static_cast<size_t>(cap + 1));
  const size_t entries = model.sources.size();
  std::vector<double> offered(entries, 0.0), lost(entries, 0.0), sojourn(entries, 0.0);
  double lost_all = 0;
  const double service_s = 1.0 / model.service_rate;
  for (int64_t b = 0; b <= cap; ++b) {
    Vector& v = level[size_t(b)];
    v /= total;
    out.distribution[size_t(b)] = v.sum();
    out.mean_in_system += static_cast<double>(b) * v.sum();
    const double refused = 1.0 - admit(b);
    for (int64_t r = 0; r < v.size(); ++r) {
      const size_t j = static_cast<size_t>(b == 0 ? r : r / m);
      // An arrival admitted here stays for the stages left of the service in
      // progress (stage r % m of m, 0-based), b - 1 more services and its own.
      const double stay = b == 0 ? service_s
                                 : static_cast<double>(m - r % m) / stage_rate + static_cast<double>(b) * service_s;
      out.offered_pps += v(r) * ph.rate[j];
      lost_all += v(r) * ph.rate[j] * refused;
      for (size_t e = 0; e < entries; ++e) {
        offered[e] += v(r) * ph.entry_rate[e][j];
        lost[e] += v(r) * ph.entry_rate[e][j] * refused;
        sojourn[e] += v(r) * ph.entry_rate[e][j] * (1.0 - refused) * stay;
      }
    }
  }
  out.mean_waiting = out.mean_in_system - (1.0 - out.distribution[0]);
  out.admitted_pps = out.offered_pps - lost_all;
  out.loss = out.offered_pps > 0 ? lost_all / out.offered_pps : 0.0;
  out.mean_delay_s = out.admitted_pps > 0 ? out.mean_in_system / out.admitted_pps : 0.0;
  for (size_t e = 0; e < entries; ++e) {
    const double admitted = offered[e] - lost[e];
    out.loss_per_source.push_back(offered[e] > 0 ? lost[e] / offered[e] : 0.0);
    out.delay_per_source_s.push_back(admitted > 0 ? sojourn[e] / admitted : 0.0);
  }
  return out;
}

}  // namespace aqmlab::analysis
