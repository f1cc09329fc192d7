#include <gtest/gtest.h>

#include "traffic/cbr_source.h"
#include "traffic_test_util.h"

namespace aqmlab {
namespace {

using testing::PacketLog;

struct CbrRig {
  explicit CbrRig(const CbrConfig& config, uint64_t seed = 7)
      : log(loop, pool), route{{&log}},
        source(loop, pool, SourceIdentity{1, 0, &route, seed, 0}, config) {
    EXPECT_TRUE(ValidateCbrConfig(config).ok()) << ValidateCbrConfig(config).error;
  }
  EventLoop loop;
  PacketPool pool;
  PacketLog log;
  Route route;
  CbrSource source;
};

TEST(TrafficCbr, SendsEveryIntervalExactly) {
  CbrConfig c;  // AOPC exp 2: 500 B every 80 ms, 50 kb/s
  c.interval = Time::Millis(80);
  CbrRig rig(c);
  rig.loop.RunUntil(Time::Seconds(1));
  rig.source.Start();
  rig.loop.RunUntil(Time::Seconds(100));
  ASSERT_EQ(rig.log.times.size(), 1238u);  // 1.00, 1.08, ..., 99.96 s
  for (size_t i = 0; i < rig.log.times.size(); ++i) {
    ASSERT_EQ(rig.log.times[i], Time::Seconds(1).ns() + static_cast<int64_t>(i) * 80'000'000);
  }
  EXPECT_DOUBLE_EQ(rig.source.offered_bps(), 50'000);
}

TEST(TrafficCbr, RateGivesTheInterval) {
  CbrConfig c;
  c.packet_bytes = 1000;
  c.pacing = CbrPacing::kRate;
  c.rate_bps = 2e6;  // 4 ms
  CbrRig rig(c);
  EXPECT_EQ(rig.source.interval().ns(), 4'000'000);
  rig.source.Start();
  rig.loop.RunUntil(Time::Seconds(10) - Time::Nanos(1));
  EXPECT_EQ(rig.log.bytes * 8, 20'000'000);  // exactly 2 Mb/s over 10 s
  CbrConfig bad = c;
  bad.rate_bps = 0;
  EXPECT_FALSE(ValidateCbrConfig(bad).ok());
  bad.pacing = CbrPacing::kInterval;
  bad.interval = Time();
  EXPECT_FALSE(ValidateCbrConfig(bad).ok());
}

TEST(TrafficCbr, RateChangeRescalesTheGapInProgress) {
  CbrConfig c;
  c.interval = Time::Millis(10);
  CbrRig rig(c);
  rig.source.Start();                          // 0, 10, ..., 1000 ms
  rig.loop.RunUntil(Time::Millis(1004));       // 6 ms of the 10 ms gap left
  rig.source.SetInterval(Time::Millis(1));     // 60% of 1 ms
  rig.loop.RunUntil(Time::Millis(1010));
  const std::vector<int64_t> tail(rig.log.times.end() - 7, rig.log.times.end());
  const std::vector<int64_t> expected = {1'000'000'000, 1'004'600'000, 1'005'600'000,
                                         1'006'600'000, 1'007'600'000, 1'008'600'000,
                                         1'009'600'000};
  EXPECT_EQ(tail, expected);
}

TEST(TrafficCbr, StopsAndRestartsAtTheGivenTimes) {
  CbrConfig c;
  c.interval = Time::Millis(100);
  CbrRig rig(c);
  rig.source.Start();
  rig.loop.RunUntil(Time::Millis(1050));
  rig.source.Stop();
  rig.loop.RunUntil(Time::Millis(2000));
  EXPECT_EQ(rig.log.times.size(), 11u);  // 0..1000 ms
  EXPECT_EQ(rig.log.times.back(), 1'000'000'000);
  rig.loop.RunUntil(Time::Millis(2345));
  rig.source.Start();
  rig.loop.RunUntil(Time::Millis(2500));
  const std::vector<int64_t> tail(rig.log.times.end() - 2, rig.log.times.end());
  const std::vector<int64_t> expected = {2'345'000'000, 2'445'000'000};
  EXPECT_EQ(tail, expected);
  EXPECT_EQ(rig.loop.pending(), 1u);
}

TEST(TrafficCbr, RandomPhaseIsWithinOneIntervalAndSeeded) {
  CbrConfig c;
  c.interval = Time::Millis(80);
  c.random_phase = true;
  CbrRig a(c, 5), b(c, 5), other(c, 6);
  for (CbrRig* r : {&a, &b, &other}) {
    r->source.Start();
    r->loop.RunUntil(Time::Seconds(1));
    ASSERT_FALSE(r->log.times.empty());
    EXPECT_LT(r->log.times.front(), 80'000'000);
  }
  EXPECT_EQ(a.log.times, b.log.times);
  EXPECT_NE(a.log.times.front(), other.log.times.front());
}

}  // namespace
}  // namespace aqmlab
