#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "traffic/mmpp_source.h"
#include "traffic_test_util.h"

namespace aqmlab {
namespace {

using testing::kSigmas;

// Logs each arrival with the state its source was in when it was sent.
struct StateLog final : PacketReceiver {
  StateLog(EventLoop& l, PacketPool& p) : loop(l), pool(p) {}
  void Receive(Packet* p) override {
    ++count[source->state()];
    times.push_back(loop.now().ns());
    pool.Release(p);
  }
  EventLoop& loop;
  PacketPool& pool;
  const Mmpp2Source* source = nullptr;
  int64_t count[3] = {0, 0, 0};
  std::vector<int64_t> times;
};

Mmpp2Config Bursty() {
  Mmpp2Config c;
  c.lambda1 = 1000;
  c.lambda2 = 100;
  c.r12 = 20;  // state 1 lasts 50 ms on average, state 2 100 ms
  c.r21 = 10;
  return c;
}

// Asymptotic variance of an MMPP-2 count per unit time: the Poisson part
// plus twice the integral of the rate's autocovariance,
// lambda_bar + 2 (l1 - l2)^2 r12 r21 / (r12 + r21)^3.
double CountVariancePerSecond(const Mmpp2Config& c) {
  const double r = c.r12 + c.r21;
  const double d = c.lambda1 - c.lambda2;
  return Mmpp2MeanRate(c) + 2 * d * d * c.r12 * c.r21 / (r * r * r);
}

TEST(TrafficMmpp, LongRunRateMatchesTheStationaryMix) {
  const Mmpp2Config c = Bursty();
  ASSERT_TRUE(ValidateMmpp2Config(c).ok());
  // (1000 * 10 + 100 * 20) / 30 = 400 packets/s; a formula with r12 and
  // r21 swapped would say 700.
  EXPECT_DOUBLE_EQ(Mmpp2MeanRate(c), 400);
  EventLoop loop;
  PacketPool pool;
  StateLog log(loop, pool);
  Route route{{&log}};
  Mmpp2Source source(loop, pool, SourceIdentity{0, 0, &route, 21, 0}, c);
  log.source = &source;
  source.Start();
  const double t = 1000;
  loop.RunUntil(Time::Seconds(t));
  const double n = static_cast<double>(log.times.size());
  // 400,000 expected; sd sqrt(12,400 T) = 3,521 (3.5% at 4 sd).
  EXPECT_NEAR(n, Mmpp2MeanRate(c) * t, kSigmas * std::sqrt(CountVariancePerSecond(c) * t));
  // Time in state 1 -> r21 / (r12 + r21) = 1/3. An alternating renewal
  // process (exponential sojourns): the duty-cycle delta method, cycles = T / (1/r12 + 1/r21).
  const double t1 = source.time_in_state1().seconds();
  const double m1 = 1 / c.r12, m2 = 1 / c.r21, cycles = t / (m1 + m2);
  const double sd_share =
      std::sqrt((4.0 / 9 * m1 * m1 + 1.0 / 9 * m2 * m2) / cycles) / (m1 + m2);
  EXPECT_NEAR(t1 / t, 1.0 / 3, kSigmas * sd_share);
  // Given the time spent in each state, the counts are Poisson.
  EXPECT_NEAR(log.count[1], c.lambda1 * t1, kSigmas * std::sqrt(c.lambda1 * t1));
  EXPECT_NEAR(log.count[2], c.lambda2 * (t - t1), kSigmas * std::sqrt(c.lambda2 * (t - t1)));
}

TEST(TrafficMmpp, DeterministicAndStartsFromTheStationaryState) {
  const Mmpp2Config c = Bursty();
  std::vector<int64_t> first, again;
  for (auto* out : {&first, &again}) {
    EventLoop loop;
    PacketPool pool;
    StateLog log(loop, pool);
    Route route{{&log}};
    Mmpp2Source source(loop, pool, SourceIdentity{0, 0, &route, 8, 3}, c);
    log.source = &source;
    source.Start();
    loop.RunUntil(Time::Seconds(20));
    *out = log.times;
  }
  EXPECT_EQ(first, again);
  // Initial state 1 with probability r21 / (r12 + r21) = 1/3 over many streams.
  PacketPool pool;
  Route route;
  int in_state1 = 0;
  const int n = 3000;
  for (int i = 0; i < n; ++i) {
    EventLoop loop;  // never run: only the initial draw matters
    Mmpp2Source s(loop, pool, SourceIdentity{0, 0, &route, 8, uint64_t(i)}, c);
    s.Start();
    in_state1 += s.state() == 1;
  }
  EXPECT_NEAR(in_state1 / double(n), 1.0 / 3, kSigmas * std::sqrt(2.0 / 9 / n));
}

TEST(TrafficMmpp, RateChangeAndStopStartTakeEffectAtOnce) {
  Mmpp2Config c;
  c.lambda1 = 100;
  c.lambda2 = 100;  // a plain Poisson 100/s until the change
  c.r12 = c.r21 = 1;
  EventLoop loop;
  PacketPool pool;
  testing::PacketLog log(loop, pool);
  Route route{{&log}};
  Mmpp2Source source(loop, pool, SourceIdentity{0, 0, &route, 2, 0}, c);
  source.Start();
  loop.RunUntil(Time::Seconds(30));
  source.SetArrivalRates(1000, 1000);
  loop.RunUntil(Time::Seconds(40));
  source.Stop();
  const size_t at_stop = log.times.size();
  loop.RunUntil(Time::Seconds(50));
  EXPECT_EQ(log.times.size(), at_stop);
  source.Start();
  loop.RunUntil(Time::Seconds(60));
  EXPECT_NEAR(log.CountIn(0, 30), 3000, kSigmas * std::sqrt(3000.0));
  EXPECT_NEAR(log.CountIn(30, 40), 10000, kSigmas * std::sqrt(10000.0));
  EXPECT_NEAR(log.CountIn(30, 30.1), 100, kSigmas * std::sqrt(100.0));
  EXPECT_NEAR(log.CountIn(50, 60), 10000, kSigmas * std::sqrt(10000.0));
}

}  // namespace
}  // namespace aqmlab
