#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "analysis/finite_queue.h"

namespace aqmlab::analysis {
namespace {

// a_k and tails for an exponential service (M/M/1): geometric, exact.
void ExponentialServiceTerms(double rho, int64_t n, std::vector<double>& a, std::vector<double>& tail) {
  const double q = rho / (1 + rho);
  a.assign(n, 0);
  tail.assign(n + 1, 0);
  for (int64_t k = 0; k < n; ++k) a[k] = (1 - q) * std::pow(q, double(k));
  for (int64_t m = 0; m <= n; ++m) tail[m] = std::pow(q, double(m));
}

// Erlang-m service of mean 1 with Poisson(rho) arrivals: negative binomial
// a_k = C(k + m - 1, k) s^m (1 - s)^k with s = m / (m + rho).
void ErlangServiceTerms(double rho, int m, int64_t n, std::vector<double>& a, std::vector<double>& tail) {
  const double s = m / (m + rho);
  a.assign(n, 0);
  double term = std::pow(s, m);
  double cum = 0;
  tail.assign(n + 1, 0);
  for (int64_t k = 0; k < n; ++k) {
    a[k] = term;
    tail[k] = 1 - cum;
    cum += term;
    term *= (k + m) / double(k + 1) * (1 - s);
  }
  tail[n] = 1 - cum;
}

TEST(Mm1kSolver, WorkedExample) {
  // rho = 0.5, N = 2: p proportional to 1, 1/2, 1/4.
  const auto s = SolveMm1k(0.5, 2);
  ASSERT_TRUE(s.ok());
  EXPECT_NEAR(s.value().p[0], 4.0 / 7, 1e-15);
  EXPECT_NEAR(s.value().loss, 1.0 / 7, 1e-15);
  EXPECT_NEAR(s.value().mean_in_system, 4.0 / 7, 1e-15);  // (1/2 + 2/4) / (7/4)
  EXPECT_NEAR(s.value().mean_waiting, 1.0 / 7, 1e-15);    // one waits in state 2
  EXPECT_NEAR(s.value().utilisation, 3.0 / 7, 1e-15);
}

TEST(Mm1kSolver, MatchesTheClosedFormAtEveryLoad) {
  for (double rho : {0.1, 0.5, 0.9, 1.0, 1.2, 4.0}) {
    for (int64_t n : {1, 3, 10, 100}) {
      const auto s = SolveMm1k(rho, n);
      ASSERT_TRUE(s.ok());
      double mean = 0;
      for (int64_t k = 0; k <= n; ++k) {
        const double p = rho == 1.0 ? 1.0 / double(n + 1)
                                    : (1 - rho) * std::pow(rho, double(k)) / (1 - std::pow(rho, double(n + 1)));
        EXPECT_NEAR(s.value().p[k], p, 1e-12) << rho << " " << n << " " << k;
        mean += double(k) * p;
      }
      EXPECT_NEAR(s.value().mean_in_system, mean, 1e-10);
      // Flow balance: what is served equals what is admitted.
      EXPECT_NEAR(s.value().utilisation, rho * (1 - s.value().loss), 1e-12);
    }
  }
}

TEST(Mm1kSolver, EmbeddedChainWithExponentialServiceIsMm1k) {
  // The departure-epoch chain knows nothing of the closed form: this checks
  // its transition structure and the departure-to-time-average step.
  for (double rho : {0.3, 0.9, 1.0, 1.2, 3.0}) {
    for (int64_t n : {1, 2, 7, 50}) {
      std::vector<double> a, tail;
      ExponentialServiceTerms(rho, n, a, tail);
      const auto chain = SolveMg1kEmbedded(a, tail, rho, n);
      const auto closed = SolveMm1k(rho, n);
      ASSERT_TRUE(chain.ok() && closed.ok());
      for (int64_t k = 0; k <= n; ++k) {
        EXPECT_NEAR(chain.value().p[k], closed.value().p[k], 1e-12) << rho << " " << n << " " << k;
      }
      EXPECT_NEAR(chain.value().mean_waiting, closed.value().mean_waiting, 1e-10);
    }
  }
}

TEST(Md1kSolver, SmallRoomsInClosedForm) {
  for (double rho : {0.2, 1.0, 2.5}) {
    // N = 1: no waiting room, Erlang's loss formula (insensitive to service).
    EXPECT_NEAR(SolveMd1k(rho, 1).value().loss, rho / (1 + rho), 1e-14);
    // N = 2: the chain left behind is 0 w.p. e^-rho, so 1 - p_2 = 1 / (e^-rho + rho).
    EXPECT_NEAR(SolveMd1k(rho, 2).value().loss, 1 - 1 / (std::exp(-rho) + rho), 1e-14);
  }
  EXPECT_NEAR(SolveMd1k(1.0, 2).value().loss, 0.2689414213699951, 1e-14);
}

TEST(Md1kSolver, ApproachesPollaczekKhinchineAsTheRoomGrows) {
  for (double rho : {0.5, 0.8, 0.9}) {
    const auto s = SolveMd1k(rho, 400);  // the M/D/1 tail at 0.9 decays as 1.23^-n
    ASSERT_TRUE(s.ok());
    EXPECT_NEAR(s.value().mean_in_system, Md1MeanInSystem(rho), 1e-9) << rho;
    EXPECT_NEAR(s.value().mean_waiting, rho * rho / (2 * (1 - rho)), 1e-9) << rho;
    EXPECT_LT(s.value().loss, 1e-15);
  }
  EXPECT_DOUBLE_EQ(Md1MeanInSystem(0.5), 0.75);
  // And the approach is monotone: more room, more queue (rho < 1).
  double last = 0;
  for (int64_t n : {1, 2, 5, 10, 20, 40}) {
    const double m = SolveMd1k(0.9, n).value().mean_in_system;
    EXPECT_GT(m, last);
    last = m;
  }
}

TEST(Md1kSolver, ErlangServiceWithManyStagesApproachesIt) {
  // M/E_m/1/N through the same embedded solver tends to M/D/1/N as m grows
  // (the service variance is 1/m of the mean squared).
  for (double rho : {0.5, 0.9, 1.2}) {
    const auto md = SolveMd1k(rho, 7).value();
    double previous_gap = 1;
    for (int m : {1, 10, 100, 1000}) {
      std::vector<double> a, tail;
      ErlangServiceTerms(rho, m, 7, a, tail);
      const auto me = SolveMg1kEmbedded(a, tail, rho, 7).value();
      const double gap = std::fabs(me.loss - md.loss) + std::fabs(me.mean_in_system - md.mean_in_system);
      EXPECT_LT(gap, previous_gap) << rho << " " << m;
      previous_gap = gap;
    }
    EXPECT_LT(previous_gap, 2e-3) << rho;
  }
}

TEST(Md1kSolver, DeterministicServiceLosesLessThanExponential) {
  // Less service variability, shorter queues and fewer losses (rho < 1).
  for (double rho : {0.5, 0.9}) {
    for (int64_t n : {3, 7, 20}) {
      const auto md = SolveMd1k(rho, n).value();
      const auto mm = SolveMm1k(rho, n).value();
      EXPECT_LT(md.loss, mm.loss);
      EXPECT_LT(md.mean_in_system, mm.mean_in_system);
      double total = 0;
      for (double p : md.p) total += p;
      EXPECT_NEAR(total, 1.0, 1e-14);
    }
  }
}

TEST(Md1kSolver, RefusesBadInput) {
  EXPECT_FALSE(SolveMd1k(0, 5).ok());
  EXPECT_FALSE(SolveMd1k(0.5, 0).ok());
  EXPECT_FALSE(SolveMd1k(0.5, 5000).ok());
  EXPECT_FALSE(SolveMm1k(-1, 5).ok());
  EXPECT_FALSE(SolveMg1kEmbedded({0.5}, {1.0, 0.5}, 0.5, 3).ok());
}

}  // namespace
}  // namespace aqmlab::analysis
