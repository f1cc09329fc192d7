#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "sim/portable_math.h"
#include "sim/rng.h"

namespace aqmlab {
namespace {

// Agreement with the platform's libm to a few parts in 1e15: the portable
// functions trade the last bit for being identical everywhere.
TEST(PortableMath, MatchesTheLibraryClosely) {
  RandomStream rng(3, StreamPurpose::kTraffic, 0);
  for (int i = 0; i < 100000; ++i) {
    const double x = rng.Uniform(-700, 700);
    EXPECT_NEAR(pmath::Exp(x), std::exp(x), 4e-15 * std::exp(x)) << x;
    const double y = std::ldexp(rng.Uniform(0.5, 1), static_cast<int>(rng.Uniform(-60, 60)));
    EXPECT_NEAR(pmath::Log(y), std::log(y), 4e-16 * std::max(1.0, std::fabs(std::log(y)))) << y;
    const double b = rng.Uniform(0, 2);
    const double e = rng.Uniform(-50, 50);
    // exp(y log x) loses about |y log x| ulps: still 1e-13 at worst here.
    const double bound = 1e-15 * (1 + std::fabs(e * std::log(b))) * std::pow(b, e);
    EXPECT_NEAR(pmath::Pow(b, e), std::pow(b, e), bound) << b << "^" << e;
  }
}

TEST(PortableMath, SpecialValues) {
  EXPECT_EQ(pmath::Exp(0), 1.0);
  EXPECT_EQ(pmath::Log(1), 0.0);
  EXPECT_EQ(pmath::Pow(0.998, 0), 1.0);
  EXPECT_EQ(pmath::Pow(0, 2), 0.0);
  EXPECT_EQ(pmath::Exp(-1000), 0.0);
  EXPECT_TRUE(std::isinf(pmath::Exp(1000)));
  EXPECT_TRUE(std::isinf(pmath::Log(0)));
  EXPECT_TRUE(std::isnan(pmath::Log(-1)));
  EXPECT_NEAR(pmath::Log(2), std::numbers::ln2, 1e-16);
}

TEST(RandomStream, StreamsAreIndependentAndReproducible) {
  RandomStream a(1, StreamPurpose::kFlowStart, 5), b(1, StreamPurpose::kFlowStart, 5);
  RandomStream c(1, StreamPurpose::kFlowStart, 6);
  int same_as_c = 0;
  for (int i = 0; i < 1000; ++i) {
    const double x = a.Uniform();
    EXPECT_EQ(x, b.Uniform());
    same_as_c += x == c.Uniform();
    EXPECT_GE(x, 0.0);
    EXPECT_LT(x, 1.0);
  }
  EXPECT_EQ(same_as_c, 0);
}

TEST(RandomStream, ExponentialAndParetoHaveTheirMeans) {
  RandomStream rng(9, StreamPurpose::kTraffic, 1);
  double se = 0, sp = 0;
  const int n = 400000;
  for (int i = 0; i < n; ++i) {
    se += rng.Exponential(2.0);
    sp += rng.Pareto(3.0, 2.5);
  }
  EXPECT_NEAR(se / n, 2.0, 0.02);
  EXPECT_NEAR(sp / n, 3.0, 0.1);  // heavy tail: a looser bound
}

}  // namespace
}  // namespace aqmlab
