#include <gtest/gtest.h>

#include <cmath>

#include "traffic/poisson_source.h"
#include "traffic_test_util.h"

namespace aqmlab {
namespace {

using testing::kSigmas;
using testing::PacketLog;

struct PoissonRig {
  explicit PoissonRig(const PoissonConfig& config, uint64_t seed = 7, uint64_t index = 0)
      : log(loop, pool), route{{&log}},
        source(loop, pool, SourceIdentity{3, 2, &route, seed, index}, config) {
    EXPECT_TRUE(ValidatePoissonConfig(config).ok());
  }
  EventLoop loop;
  PacketPool pool;
  PacketLog log;
  Route route;
  PoissonSource source;
};

TEST(TrafficPoisson, LongRunRateAndExponentialGaps) {
  PoissonConfig c;
  c.rate_pps = 1000;
  PoissonRig rig(c);
  rig.source.Start();
  const double t = 100;
  rig.loop.RunUntil(Time::Seconds(t));
  // The count is Poisson(lambda T): sd sqrt(lambda T) (1.3% of 1e5 at 4 sd).
  const double n = static_cast<double>(rig.log.times.size());
  EXPECT_NEAR(n, c.rate_pps * t, kSigmas * std::sqrt(c.rate_pps * t));
  // Gaps longer than the mean: a fraction e^-1, binomial sd.
  int64_t longer = 0;
  for (size_t i = 1; i < rig.log.times.size(); ++i) {
    longer += rig.log.times[i] - rig.log.times[i - 1] > 1'000'000;
  }
  const double p = std::exp(-1.0);
  EXPECT_NEAR(longer / n, p, kSigmas * std::sqrt(p * (1 - p) / n));
  EXPECT_EQ(rig.log.sizes.front(), 500);
  EXPECT_EQ(rig.log.flows.front(), 3);
  EXPECT_EQ(rig.source.stats().packets_sent, static_cast<int64_t>(n));
  EXPECT_DOUBLE_EQ(rig.source.offered_bps(), 1000 * 500 * 8.0);
}

TEST(TrafficPoisson, ExponentialSizesHaveTheGivenMean) {
  PoissonConfig c;
  c.rate_pps = 1000;
  c.size = {PacketSizeLaw::Kind::kExponential, 1000};
  PoissonRig rig(c);
  rig.source.Start();
  rig.loop.RunUntil(Time::Seconds(50));
  const double n = static_cast<double>(rig.log.sizes.size());
  // Sample mean of exponential sizes: sd = mean / sqrt(n).
  EXPECT_NEAR(static_cast<double>(rig.log.bytes) / n, 1000, kSigmas * 1000 / std::sqrt(n));
  // Second moment 2 mean^2 (the coefficient of variation of M/M/1 service is 1);
  // the sample mean of x^2 has sd sqrt(20 / n) mean^2 (E x^4 = 24 mean^4).
  double m2 = 0;
  for (int64_t s : rig.log.sizes) m2 += static_cast<double>(s) * static_cast<double>(s);
  EXPECT_NEAR(m2 / n / 1e6, 2.0, kSigmas * std::sqrt(20 / n));
  for (int64_t s : rig.log.sizes) ASSERT_GE(s, 1);
}

TEST(TrafficPoisson, SameSeedSameSequenceOtherStreamDiffers) {
  PoissonConfig c;
  c.rate_pps = 500;
  c.size = {PacketSizeLaw::Kind::kExponential, 700};
  PoissonRig a(c, 11, 4), b(c, 11, 4), other(c, 11, 5);
  for (PoissonRig* r : {&a, &b, &other}) {
    r->source.Start();
    r->loop.RunUntil(Time::Seconds(5));
  }
  EXPECT_EQ(a.log.times, b.log.times);
  EXPECT_EQ(a.log.sizes, b.log.sizes);
  EXPECT_NE(a.log.times, other.log.times);
}

TEST(TrafficPoisson, StopStartAndRateChangeTakeEffectAtTheirTimes) {
  PoissonConfig c;
  c.rate_pps = 100;
  PoissonRig rig(c);
  rig.source.Start();
  rig.loop.RunUntil(Time::Seconds(10));
  rig.source.Stop();
  const size_t at_stop = rig.log.times.size();
  rig.loop.RunUntil(Time::Seconds(20));
  EXPECT_EQ(rig.log.times.size(), at_stop);  // silent while stopped
  rig.source.Start();
  rig.loop.RunUntil(Time::Seconds(50));
  ASSERT_GT(rig.log.times.size(), at_stop);
  EXPECT_GE(rig.log.times[at_stop], Time::Seconds(20).ns());
  rig.source.SetRate(1000);
  rig.loop.RunUntil(Time::Seconds(60));
  // Before the change 100/s over [20, 50), after it 1000/s over [50, 60).
  EXPECT_NEAR(rig.log.CountIn(20, 50), 3000, kSigmas * std::sqrt(3000.0));
  EXPECT_NEAR(rig.log.CountIn(50, 60), 10000, kSigmas * std::sqrt(10000.0));
  // And at once: 1000/s over the first 100 ms after the change.
  EXPECT_NEAR(rig.log.CountIn(50, 50.1), 100, kSigmas * std::sqrt(100.0));
  EXPECT_EQ(rig.loop.pending(), 1u);  // one pending event
}

}  // namespace
}  // namespace aqmlab
