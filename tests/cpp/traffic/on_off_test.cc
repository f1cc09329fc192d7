#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "traffic/on_off_source.h"
#include "traffic_test_util.h"

namespace aqmlab {
namespace {

using testing::kSigmas;
using testing::PacketLog;

struct OnOffRig {
  explicit OnOffRig(const OnOffConfig& config, uint64_t seed = 9, uint64_t index = 0)
      : log(loop, pool), route{{&log}},
        source(loop, pool, SourceIdentity{0, 1, &route, seed, index}, config) {
    EXPECT_TRUE(ValidateOnOffConfig(config).ok()) << ValidateOnOffConfig(config).error;
  }
  EventLoop loop;
  PacketPool pool;
  PacketLog log;
  Route route;
  OnOffSource source;
};

// sd of the duty-cycle estimate sum(on) / sum(on + off) over n cycles, by
// the delta method: sqrt(((1 - D)^2 var_on + D^2 var_off) / n) / (m_on + m_off).
double DutySd(double m_on, double var_on, double m_off, double var_off, double cycles) {
  const double d = m_on / (m_on + m_off);
  return std::sqrt(((1 - d) * (1 - d) * var_on + d * d * var_off) / cycles) / (m_on + m_off);
}

// Checks duty cycle, mean on period and rate of one long run.
void CheckLongRun(const OnOffConfig& c, double var_on, double var_off, double run_s) {
  OnOffRig rig(c);
  rig.source.Start();
  rig.loop.RunUntil(Time::Seconds(run_s));
  const double m_on = c.mean_on.seconds();
  const double m_off = c.mean_off.seconds();
  const double duty = m_on / (m_on + m_off);
  const double cycles = run_s / (m_on + m_off);
  const double on_s = rig.source.on_time().seconds();
  EXPECT_NEAR(on_s / run_s, duty, kSigmas * DutySd(m_on, var_on, m_off, var_off, cycles));
  EXPECT_NEAR(on_s / static_cast<double>(rig.source.on_periods()), m_on,
              kSigmas * std::sqrt(var_on / cycles));
  // The packet clock runs only while on, so the count is the on time over
  // the interval to within one packet, whatever the periods did.
  const double interval_s = static_cast<double>(c.packet_bytes) * 8 / c.peak_bps;
  EXPECT_NEAR(static_cast<double>(rig.log.times.size()), on_s / interval_s, 1.0);
  // Hence the long-run rate is peak * duty within the duty's tolerance.
  const double rate = static_cast<double>(rig.log.bytes) * 8 / run_s;
  EXPECT_NEAR(rate / c.peak_bps, duty,
              kSigmas * DutySd(m_on, var_on, m_off, var_off, cycles) + 1.0 / (run_s / interval_s));
  EXPECT_DOUBLE_EQ(rig.source.offered_bps(), c.peak_bps * duty);
}

TEST(TrafficOnOff, ExponentialDutyCycleAndRate) {
  OnOffConfig c;  // AAQM's multimedia UDP: 800 ms on, 200 ms off
  c.mean_on = Time::Millis(800);
  c.mean_off = Time::Millis(200);
  c.peak_bps = 1e6;
  // Exponential periods: variance = mean^2. 2000 cycles: duty 0.8 +- 0.02.
  CheckLongRun(c, 0.64, 0.04, 2000);
}

TEST(TrafficOnOff, ShortPeriodsDoNotInflateTheRate) {
  // Periods shorter than the 62.5 ms packet interval (AOPC's 64 kb/s at
  // 500 B): a restarted clock would send a packet in nearly every period.
  OnOffConfig c;
  c.mean_on = Time::Millis(20);
  c.mean_off = Time::Millis(20);
  c.peak_bps = 64e3;
  CheckLongRun(c, 0.0004, 0.0004, 400);
}

TEST(TrafficOnOff, ParetoDutyCycleAndRate) {
  OnOffConfig c;
  c.law = PeriodLaw::kPareto;
  c.pareto_shape = 2.5;  // finite variance, mean^2 / (a (a - 2)), so the CLT applies
  c.mean_on = Time::Seconds(1);
  c.mean_off = Time::Seconds(1);
  c.peak_bps = 200e3;
  CheckLongRun(c, 1 / 1.25, 1 / 1.25, 4000);
}

TEST(TrafficOnOff, ParetoPeriodsHaveTheParetoTail) {
  // The generator behind the periods: P(X > x) = (xm / x)^a above
  // xm = mean (a - 1) / a. Shape 1.2 (infinite variance, AAQM-like): the
  // empirical tail at 2, 10 and 100 xm, each within its binomial sd.
  RandomStream rng(3, StreamPurpose::kTraffic, 0);
  const double a = 1.2, mean = 1.0, xm = mean * (a - 1) / a;
  const int n = 200000;
  std::vector<int> above(3, 0);
  const double at[3] = {2 * xm, 10 * xm, 100 * xm};
  for (int i = 0; i < n; ++i) {
    const double x = rng.Pareto(mean, a);
    ASSERT_GE(x, xm);
    for (int k = 0; k < 3; ++k) above[k] += x > at[k];
  }
  for (int k = 0; k < 3; ++k) {
    const double p = std::pow(xm / at[k], a);
    EXPECT_NEAR(above[k] / double(n), p, kSigmas * std::sqrt(p * (1 - p) / n)) << at[k];
  }
}

// With a stationary start the fraction of sources on is the duty cycle at
// every instant, from the first. Asymmetric periods (800/200 ms): were the
// first period drawn afresh instead of from the residual-life law, the
// Pareto sources starting off would all be on by 0.3 s (98% on, not 80%).
void CheckStationaryStart(PeriodLaw law) {
  EventLoop loop;
  PacketPool pool;
  PacketLog log(loop, pool);
  Route route{{&log}};
  OnOffConfig c;
  c.law = law;
  c.pareto_shape = 3;
  c.mean_on = Time::Millis(800);
  c.mean_off = Time::Millis(200);
  c.peak_bps = 1e3;  // few packets: this is about the periods
  const int n = 2000;
  std::vector<std::unique_ptr<OnOffSource>> sources;
  for (int i = 0; i < n; ++i) {
    sources.push_back(std::make_unique<OnOffSource>(loop, pool, SourceIdentity{i, 0, &route, 1, uint64_t(i)}, c));
    sources.back()->Start();
  }
  const double sd = std::sqrt(0.8 * 0.2 / n);  // binomial, at each instant
  for (double t : {0.0, 0.1, 0.3, 0.6, 1.0, 2.0, 5.0}) {
    loop.RunUntil(Time::Seconds(t));
    int on = 0;
    for (const auto& s : sources) on += s->on();
    EXPECT_NEAR(on / double(n), 0.8, kSigmas * sd) << "t = " << t;
  }
}

TEST(TrafficOnOff, StationaryStartExponential) { CheckStationaryStart(PeriodLaw::kExponential); }
TEST(TrafficOnOff, StationaryStartPareto) { CheckStationaryStart(PeriodLaw::kPareto); }

TEST(TrafficOnOff, Deterministic) {
  OnOffConfig c;
  c.law = PeriodLaw::kPareto;
  c.peak_bps = 400e3;
  OnOffRig a(c, 4, 2), b(c, 4, 2), other(c, 4, 3);
  for (OnOffRig* r : {&a, &b, &other}) {
    r->source.Start();
    r->loop.RunUntil(Time::Seconds(30));
  }
  EXPECT_EQ(a.log.times, b.log.times);
  EXPECT_NE(a.log.times, other.log.times);
}

TEST(TrafficOnOff, PeakRateChangeAndStopStartTakeEffectAtOnce) {
  OnOffConfig c;
  c.start = OnOffConfig::StartState::kOn;
  c.mean_on = Time::Seconds(1000);  // stays on through the test
  c.mean_off = Time::Seconds(1);
  c.peak_bps = 400e3;  // 500 B every 10 ms
  OnOffRig rig(c);
  rig.source.Start();
  rig.loop.RunUntil(Time::Millis(104));  // packets at 0..100 ms; 6 ms of a gap left
  ASSERT_TRUE(rig.source.on());
  ASSERT_EQ(rig.log.times.size(), 11u);
  rig.source.SetPeakRate(4e6);  // 1 ms interval: 0.6 ms left
  rig.loop.RunUntil(Time::Millis(107));
  const std::vector<int64_t> after(rig.log.times.begin() + 11, rig.log.times.end());
  const std::vector<int64_t> expected = {104'600'000, 105'600'000, 106'600'000};
  EXPECT_EQ(after, expected);
  rig.source.Stop();
  EXPECT_FALSE(rig.source.on());
  rig.loop.RunUntil(Time::Millis(500));
  EXPECT_EQ(rig.log.times.size(), 14u);
  rig.source.Start();  // kOn: on at once, first packet now
  rig.loop.RunUntil(Time::Millis(500));
  EXPECT_EQ(rig.log.times.back(), 500'000'000);
  EXPECT_EQ(rig.source.on_time().ns(), Time::Millis(107).ns());
}

}  // namespace
}  // namespace aqmlab
