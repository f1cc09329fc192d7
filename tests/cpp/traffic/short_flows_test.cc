#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <memory>
#include <vector>

#include "aqm/registry.h"
#include "net/pipe.h"
#include "net/queue_link.h"
#include "traffic/short_flows.h"
#include "traffic_test_util.h"

namespace aqmlab {
namespace {

using testing::kSigmas;

// A lossless path of pure delays: 50 ms each way, so RTT = 100 ms.
struct DelayPath {
  DelayPath() : out(loop, 0, Time::Millis(50)), back(loop, 0, Time::Millis(50)) {}
  ShortFlowPaths paths() { return {{&out}, {&back}}; }
  EventLoop loop;
  PacketPool pool;
  Pipe out;
  Pipe back;
};

TEST(TrafficShortFlows, TenSegmentFlowTakesThreeRoundTrips) {
  DelayPath path;
  ShortFlowConfig c;  // 10 segments, initial window 2
  c.arrival_rate = 1;
  ASSERT_TRUE(ValidateShortFlowConfig(c).ok());
  ShortFlowSource flows(path.loop, path.pool, SourceIdentity{40, 1, nullptr, 1, 0}, path.paths(), c);
  // Let the first flow arrive, then switch arrivals off.
  flows.Start();
  for (int ms = 1; flows.stats().arrivals == 0; ++ms) path.loop.RunUntil(Time::Millis(ms));
  flows.Stop();
  ASSERT_EQ(flows.stats().arrivals, 1);
  path.loop.RunUntil(Time::Seconds(5));
  // Slow start sends 2, then 4, then the last 4 (the gate holds back the
  // other 4 of that window of 8): the final ACK is back after 3 RTTs.
  ASSERT_EQ(flows.completions().size(), 1u);
  const FlowCompletion& f = flows.completions()[0];
  EXPECT_EQ(f.completion_time().ns(), Time::Millis(300).ns());
  EXPECT_EQ(f.segments, 10);
  EXPECT_EQ(f.flow, 40);
  EXPECT_EQ(flows.stats().segments_entered, 10);  // nothing beyond the size entered the network
  EXPECT_EQ(flows.active(), 0);
  EXPECT_EQ(path.pool.live(), 0);
}

TEST(TrafficShortFlows, PoissonArrivalsAllCompleteOnAnIdlePath) {
  DelayPath path;
  ShortFlowConfig c;
  c.arrival_rate = 50;
  ShortFlowSource flows(path.loop, path.pool, SourceIdentity{0, 1, nullptr, 4, 0}, path.paths(), c);
  flows.Start();
  const double t = 200;
  path.loop.RunUntil(Time::Seconds(t));
  flows.Stop();
  path.loop.RunUntil(Time::Seconds(t + 1));
  const auto& s = flows.stats();
  // Arrivals are Poisson(lambda T): 10,000 +- 4 * 100.
  EXPECT_NEAR(static_cast<double>(s.arrivals), c.arrival_rate * t, kSigmas * std::sqrt(c.arrival_rate * t));
  EXPECT_EQ(s.refused, 0);
  EXPECT_EQ(s.completed, s.arrivals);
  EXPECT_EQ(s.segments_entered, 10 * s.arrivals);
  for (const FlowCompletion& f : flows.completions()) {
    ASSERT_EQ(f.completion_time().ns(), Time::Millis(300).ns());  // flows do not interact here
    ASSERT_EQ(f.segments, 10);
  }
  // About lambda * FCT = 15 flows are in progress at once, and slots are
  // reused, so slot ids (flow ids from 0 here) stay low.
  int32_t max_id = 0;
  for (const FlowCompletion& f : flows.completions()) max_id = std::max(max_id, f.flow);
  EXPECT_LT(max_id, 40);
  EXPECT_DOUBLE_EQ(flows.offered_bps(), 50 * 10 * 500 * 8.0);
}

TEST(TrafficShortFlows, FlowsCompleteThroughALossyBottleneck) {
  EventLoop loop;
  PacketPool pool;
  QueueDiscEnv env;
  env.link.capacity_bps = 2e6;
  env.link.buffer_packets = 8;
  env.loop = &loop;
  env.pool = &pool;
  auto disc = FindAqm("droptail")->create(env, {});
  ASSERT_TRUE(disc.ok());
  QueueLink bottleneck(loop, 2e6, Time::Millis(20), std::move(disc.value()));
  Pipe back(loop, 0, Time::Millis(20));
  ShortFlowConfig c;
  c.arrival_rate = 60;  // 60 * 10 * 500 B * 8 = 2.4 Mb/s offered: overload
  ShortFlowSource flows(loop, pool, SourceIdentity{0, 0, nullptr, 9, 0}, {{&bottleneck}, {&back}}, c);
  flows.Start();
  loop.RunUntil(Time::Seconds(30));
  flows.Stop();
  loop.RunUntil(Time::Seconds(600));  // let every flow finish, timeouts and all
  const auto& s = flows.stats();
  EXPECT_GT(bottleneck.disc().counters().drops_total(), 100);
  EXPECT_EQ(flows.active(), 0);
  EXPECT_EQ(s.completed, s.arrivals - s.refused);
  for (const FlowCompletion& f : flows.completions()) ASSERT_EQ(f.segments, 10);
  // Retransmissions entered too, but never a segment past a flow's size.
  EXPECT_GE(s.segments_entered, 10 * s.completed);
  EXPECT_EQ(pool.live(), 0);
}

TEST(TrafficShortFlows, ParetoSizesHaveTheGivenMean) {
  DelayPath path;
  ShortFlowConfig c;
  c.arrival_rate = 100;
  c.law = ShortFlowConfig::SizeLaw::kParetoPackets;
  c.pareto_mean_packets = 12;
  c.pareto_shape = 2.5;  // finite variance: mean^2 / (a (a - 2)) = mean^2 / 1.25
  ShortFlowSource flows(path.loop, path.pool, SourceIdentity{0, 0, nullptr, 6, 0}, path.paths(), c);
  flows.Start();
  path.loop.RunUntil(Time::Seconds(200));
  flows.Stop();
  path.loop.RunUntil(Time::Seconds(260));
  const auto& done = flows.completions();
  ASSERT_EQ(static_cast<int64_t>(done.size()), flows.stats().arrivals);
  double sum = 0;
  for (const FlowCompletion& f : done) {
    ASSERT_GE(f.segments, 1);
    sum += static_cast<double>(f.segments);
  }
  const double n = static_cast<double>(done.size());
  // Rounding to whole segments moves the mean by well under 0.1.
  EXPECT_NEAR(sum / n, 12, kSigmas * 12 / std::sqrt(1.25 * n) + 0.1);
  EXPECT_EQ(flows.stats().segments_entered, static_cast<int64_t>(sum));
}

// A drop-tail bottleneck (10 Mb/s, 50 packets) and 20 ms wires each way:
// what paces flows that send without a size limit.
struct BottleneckPath {
  BottleneckPath() : back(loop, 0, Time::Millis(20)) {
    QueueDiscEnv env;
    env.link.capacity_bps = 10e6;
    env.link.buffer_packets = 50;
    env.loop = &loop;
    env.pool = &pool;
    auto disc = FindAqm("droptail")->create(env, {});
    EXPECT_TRUE(disc.ok());
    link = std::make_unique<QueueLink>(loop, 10e6, Time::Millis(20), std::move(disc.value()));
  }
  ShortFlowPaths paths() { return {{link.get()}, {&back}}; }
  EventLoop loop;
  PacketPool pool;
  std::unique_ptr<QueueLink> link;
  Pipe back;
};

TEST(TrafficShortFlows, TimedFlowsLastUniformDurations) {
  BottleneckPath path;
  ShortFlowConfig c;  // LRED exp 4: each flow lasts U[1, 2] s
  c.arrival_rate = 20;
  c.law = ShortFlowConfig::SizeLaw::kUniformDuration;
  c.duration_min = Time::Seconds(1);
  c.duration_max = Time::Seconds(2);
  ShortFlowSource flows(path.loop, path.pool, SourceIdentity{0, 0, nullptr, 6, 1}, path.paths(), c);
  flows.Start();
  path.loop.RunUntil(Time::Seconds(100));
  flows.Stop();
  path.loop.RunUntil(Time::Seconds(103));
  const auto& done = flows.completions();
  ASSERT_EQ(static_cast<int64_t>(done.size()), flows.stats().arrivals);
  double sum = 0;
  int64_t acked = 0;
  for (const FlowCompletion& f : done) {
    const double d = f.completion_time().seconds();
    ASSERT_GE(d, 1.0);
    ASSERT_LE(d, 2.0);
    sum += d;
    acked += f.segments;
  }
  // About 30 unlimited flows in progress keep the 2500 packet/s link busy:
  // what they got acknowledged is most of its 100 s of capacity, and no
  // more than it carried.
  EXPECT_GT(acked, 0.8 * 2500 * 100);
  EXPECT_LE(acked, path.link->disc().counters().departures);
  // Uniform: sd 1 / sqrt(12 n).
  const double n = static_cast<double>(done.size());
  EXPECT_NEAR(sum / n, 1.5, kSigmas / std::sqrt(12 * n));
}

TEST(TrafficShortFlows, DeterministicAndStopsArrivalsAtOnce) {
  std::vector<std::vector<int64_t>> runs;
  for (int run = 0; run < 2; ++run) {
    DelayPath path;
    ShortFlowConfig c;
    c.law = ShortFlowConfig::SizeLaw::kParetoPackets;
    ShortFlowSource flows(path.loop, path.pool, SourceIdentity{0, 0, nullptr, 12, 3}, path.paths(), c);
    flows.Start();
    path.loop.RunUntil(Time::Seconds(20));
    flows.Stop();
    EXPECT_FALSE(flows.running());
    const int64_t arrivals = flows.stats().arrivals;
    path.loop.RunUntil(Time::Seconds(40));
    EXPECT_EQ(flows.stats().arrivals, arrivals);  // none after the stop
    flows.Start();
    path.loop.RunUntil(Time::Seconds(60));
    std::vector<int64_t> record;
    for (const FlowCompletion& f : flows.completions()) {
      EXPECT_TRUE(f.started < Time::Seconds(20) || f.started >= Time::Seconds(40));
      record.push_back(f.started.ns());
      record.push_back(f.finished.ns());
      record.push_back(f.segments);
    }
    runs.push_back(record);
  }
  EXPECT_EQ(runs[0], runs[1]);
  EXPECT_GT(runs[0].size(), 3u * 300);
}

TEST(TrafficShortFlows, RefusesBeyondMaxActiveAndRateChangesAtOnce) {
  DelayPath path;
  ShortFlowConfig c;
  c.arrival_rate = 100;
  c.max_active = 5;  // 100/s for 300 ms: about 30 in progress are wanted
  ShortFlowSource flows(path.loop, path.pool, SourceIdentity{0, 0, nullptr, 2, 0}, path.paths(), c);
  flows.Start();
  path.loop.RunUntil(Time::Seconds(20));
  EXPECT_LE(flows.active(), 5);
  EXPECT_GT(flows.stats().refused, 0);
  const int64_t before = flows.stats().arrivals;
  flows.SetArrivalRate(1000);
  path.loop.RunUntil(Time::Seconds(30));
  const double added = static_cast<double>(flows.stats().arrivals - before);
  EXPECT_NEAR(added, 10000, kSigmas * 100);
  flows.Abort();
  path.loop.RunUntil(Time::Seconds(31));
  EXPECT_EQ(flows.active(), 0);
  // Those in progress at the abort end unrecorded: at most max_active.
  const auto& s = flows.stats();
  const int64_t aborted = s.arrivals - s.refused - s.completed;
  EXPECT_GE(aborted, 0);
  EXPECT_LE(aborted, 5);
  EXPECT_EQ(path.pool.live(), 0);
}

}  // namespace
}  // namespace aqmlab
