// The MMPP / Erlang-m / 1 / L chain (analysis/mmpp_chain.h) against closed
// forms and an independent solver: one Poisson phase with m = 1 is M/M/1/L
// (to 1e-9); as m grows it approaches M/D/1/L, solved independently from the
// chain embedded at departures (analysis/finite_queue.h); lumped identical
// sources equal the same sources listed one by one; an early-drop curve
// thins arrivals as a state-dependent Poisson rate (a birth-death chain);
// the per-source delays average to Little's mean delay, are equal for
// Poisson sources (PASTA) and match M/M/1/L's closed form.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "analysis/finite_queue.h"
#include "analysis/mmpp_chain.h"

namespace aqmlab::analysis {
namespace {

MmppChainModel Poisson(double lambda, double mu, int64_t stages, int64_t capacity) {
  MmppChainModel m;
  m.sources = {{lambda, lambda, 1, 1, 1}};
  m.service_rate = mu;
  m.stages = stages;
  m.capacity = capacity;
  return m;
}

TEST(MmppChain, OnePoissonPhaseWithExponentialServiceIsMm1l) {
  for (double rho : {0.3, 0.9, 1.0, 1.7}) {
    const int64_t cap = 40;
    auto chain = SolveMmppChain(Poisson(rho * 1000, 1000, 1, cap));
    ASSERT_TRUE(chain.ok()) << chain.error();
    const MmppChainResult& r = chain.value();
    for (int64_t b = 0; b <= cap; ++b) {
      const double closed = rho == 1.0 ? 1.0 / double(cap + 1)
                                       : (1 - rho) * std::pow(rho, double(b)) / (1 - std::pow(rho, double(cap + 1)));
      EXPECT_NEAR(r.distribution[size_t(b)], closed, 1e-9) << "rho " << rho << " b " << b;
    }
    const double p_full = r.distribution.back();
    EXPECT_NEAR(r.loss, p_full, 1e-12);  // PASTA
    EXPECT_NEAR(r.loss_per_source[0], p_full, 1e-12);
    EXPECT_NEAR(r.admitted_pps, rho * 1000 * (1 - p_full), 1e-9);
    EXPECT_NEAR(r.mean_delay_s, r.mean_in_system / r.admitted_pps, 1e-15);
    // An admitted arrival finding b stays (b + 1) / mu: E[b + 1 | b < L] / mu.
    double seen = 0;
    for (int64_t b = 0; b < cap; ++b) seen += r.distribution[size_t(b)] * double(b + 1) / 1000;
    EXPECT_NEAR(r.delay_per_source_s[0], seen / (1 - p_full), 1e-12);
    EXPECT_NEAR(r.delay_per_source_s[0], r.mean_delay_s, 1e-12);
    EXPECT_EQ(r.states, 1 + cap);
  }
}

TEST(MmppChain, ManyErlangStagesApproachMd1l) {
  // Erlang-m's variance is 1/m of the exponential's, and the distance to
  // M/D/1/L shrinks as 1/m: it halves each time m doubles, and the
  // Richardson extrapolation 2 x(2m) - x(m) removes that leading term, landing
  // on the independently solved M/D/1/L.
  const double rho = 0.9;
  const int64_t cap = 10;
  auto md = SolveMd1k(rho, cap);
  ASSERT_TRUE(md.ok());
  auto at = [&](int64_t m) {
    auto chain = SolveMmppChain(Poisson(rho * 1000, 1000, m, cap));
    EXPECT_TRUE(chain.ok()) << chain.error();
    return chain.value();
  };
  double last_gap = 0;
  for (int64_t m : {8, 16, 32, 64}) {
    const double gap = at(m).loss - md.value().loss;
    EXPECT_GT(gap, 0) << "m = " << m;
    if (last_gap > 0) EXPECT_NEAR(gap / last_gap, 0.5, 0.03) << "m = " << m;
    last_gap = gap;
  }
  const MmppChainResult r32 = at(32), r64 = at(64);
  EXPECT_NEAR(2 * r64.loss - r32.loss, md.value().loss, 2e-3 * md.value().loss);
  EXPECT_NEAR(2 * r64.mean_in_system - r32.mean_in_system, md.value().mean_in_system,
              2e-3 * md.value().mean_in_system);
  for (size_t b = 0; b <= size_t(cap); ++b) {
    EXPECT_NEAR(2 * r64.distribution[b] - r32.distribution[b], md.value().p[b], 2e-3) << "b " << b;
  }
}

TEST(MmppChain, LumpedIdenticalSourcesEqualTheKroneckerSum) {
  MmppChainModel lumped;
  lumped.sources = {{300, 50, 2, 3, 3}};
  lumped.service_rate = 700;
  lumped.stages = 2;
  lumped.capacity = 30;
  MmppChainModel listed = lumped;
  listed.sources = {{300, 50, 2, 3, 1}, {300, 50, 2, 3, 1}, {300, 50, 2, 3, 1}};
  auto a = SolveMmppChain(lumped), b = SolveMmppChain(listed);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a.value().phases, 4);
  EXPECT_EQ(b.value().phases, 8);
  for (size_t k = 0; k < a.value().distribution.size(); ++k) {
    EXPECT_NEAR(a.value().distribution[k], b.value().distribution[k], 1e-12);
  }
  EXPECT_NEAR(a.value().loss, b.value().loss, 1e-12);
  for (double l : b.value().loss_per_source) EXPECT_NEAR(l, a.value().loss_per_source[0], 1e-12);
  // The long-run offered rate is each source's (l1 r21 + l2 r12) / (r12 + r21).
  EXPECT_NEAR(a.value().offered_pps, 3 * (300.0 * 3 + 50.0 * 2) / 5, 1e-9);
}

TEST(MmppChain, BurstierSourceLosesMore) {
  // Two sources of the same mean rate, one bursty and one Poisson, share the
  // queue: the bursty one arrives more often to a full buffer.
  MmppChainModel m;
  m.sources = {{900, 100, 1, 1, 1}, {500, 500, 0, 0, 1}};
  m.service_rate = 1100;
  m.capacity = 20;
  auto r = SolveMmppChain(m);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_GT(r.value().loss_per_source[0], 1.5 * r.value().loss_per_source[1]);
  const double weighted = (500 * r.value().loss_per_source[0] + 500 * r.value().loss_per_source[1]) / 1000;
  EXPECT_NEAR(r.value().loss, weighted, 1e-12);
  // Its admitted packets also find a longer queue: they stay longer.
  EXPECT_GT(r.value().delay_per_source_s[0], 1.2 * r.value().delay_per_source_s[1]);
}

TEST(MmppChain, PerSourceDelaysAverageToLittlesMeanDelay) {
  // Each arrival's expected stay from the state it finds (the stages left of
  // the service in progress, then whole services) against E[N] / admitted
  // rate: two computations of one mean, for bursty and Poisson entries,
  // Erlang-3 service and an early-drop curve.
  MmppChainModel m;
  m.sources = {{900, 100, 1, 2, 1}, {400, 40, 3, 0.5, 2}, {150, 150, 0, 0, 1}, {80, 80, 0, 0, 3}};
  m.service_rate = 1200;
  m.stages = 3;
  m.capacity = 40;
  m.drop = LinearDropCurve(40, 25);
  auto r = SolveMmppChain(m);
  ASSERT_TRUE(r.ok()) << r.error();
  const MmppChainResult& c = r.value();
  ASSERT_EQ(c.delay_per_source_s.size(), 4u);
  double weighted = 0;
  for (size_t e = 0; e < m.sources.size(); ++e) {
    const MmppSourceGroup& g = m.sources[e];
    const double offered = double(g.count) * (g.lambda1 == g.lambda2 ? g.lambda1 : (g.lambda1 * g.r21 + g.lambda2 * g.r12) / (g.r12 + g.r21));
    weighted += offered * (1 - c.loss_per_source[e]) * c.delay_per_source_s[e];
  }
  EXPECT_NEAR(weighted / c.admitted_pps, c.mean_delay_s, 1e-9 * c.mean_delay_s);
  EXPECT_NEAR(c.delay_per_source_s[2], c.delay_per_source_s[3], 1e-12);  // Poisson arrivals see time averages
  EXPECT_GT(c.delay_per_source_s[0], c.delay_per_source_s[2]);
}

TEST(MmppChain, EarlyDropCurveIsAStateDependentPoissonRate) {
  // M/M/1/L with arrivals thinned by 1 - F(b): a birth-death chain,
  // P(b + 1) / P(b) = lambda (1 - F(b)) / mu.
  const int64_t cap = 25;
  MmppChainModel m = Poisson(900, 1000, 1, cap);
  m.drop = LinearDropCurve(cap, 10);
  auto r = SolveMmppChain(m);
  ASSERT_TRUE(r.ok()) << r.error();
  std::vector<double> p(size_t(cap + 1), 1.0);
  for (int64_t b = 0; b < cap; ++b) p[size_t(b + 1)] = p[size_t(b)] * 0.9 * (1 - m.drop[size_t(b)]);
  const double total = std::accumulate(p.begin(), p.end(), 0.0);
  double lost = 0;
  for (int64_t b = 0; b <= cap; ++b) {
    EXPECT_NEAR(r.value().distribution[size_t(b)], p[size_t(b)] / total, 1e-12);
    lost += p[size_t(b)] / total * (b == cap ? 1.0 : m.drop[size_t(b)]);
  }
  EXPECT_NEAR(r.value().loss, lost, 1e-12);
  EXPECT_DOUBLE_EQ(m.drop[10], 0.0);
  EXPECT_DOUBLE_EQ(m.drop[20], 10.0 / 15.0);
}

TEST(MmppChain, BadInputNamesTheField) {
  MmppChainModel m = Poisson(100, 1000, 1, 10);
  m.sources[0].lambda1 = -1;
  EXPECT_EQ(SolveMmppChain(m).error(), "sources[0].lambda1: must be in [0, 10000000] packets/s");
  m = Poisson(100, 1000, 1, 10);
  m.drop = {0.5};
  EXPECT_EQ(SolveMmppChain(m).error(), "drop_curve: must hold capacity_pkts (10) values, F(0)..F(L-1)");
  m = Poisson(100, 1000, 100, 10);
  EXPECT_EQ(SolveMmppChain(m).error(), "erlang_stages: must be an integer in [1, 64]");
  m.stages = 4;
  m.sources = {{10, 20, 1, 1, 200}};
  EXPECT_NE(SolveMmppChain(m).error().find("sources: the arrival phases times erlang_stages exceed 256"),
            std::string::npos);
}

}  // namespace
}  // namespace aqmlab::analysis
