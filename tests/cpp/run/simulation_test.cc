#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "metrics/histogram.h"
#include "test_util.h"

namespace aqmlab {
namespace {

constexpr const char* kShortRed = R"({"duration_s": 20, "warmup_s": 5, "seed": 7,
  "groups": [{"count": 30, "start": "random", "rtt_spread": "random"}]})";

TEST(Simulation, SameSeedGivesBitIdenticalMetricStreams) {
  auto a = testing::RunToEnd(testing::ParseOrDie(kShortRed), 1);
  auto b = testing::RunToEnd(testing::ParseOrDie(kShortRed), 1);
  EXPECT_TRUE(testing::BitIdentical(a->metrics().batch(), b->metrics().batch()));
  EXPECT_EQ(a->loop().events_processed(), b->loop().events_processed());
}

TEST(Simulation, AnotherSeedGivesAnotherRun) {
  Scenario s = testing::ParseOrDie(kShortRed);
  auto a = testing::RunToEnd(s, 1);
  s.seed = 8;
  auto b = testing::RunToEnd(s, 1);
  EXPECT_FALSE(testing::BitIdentical(a->metrics().batch(), b->metrics().batch()));
}

TEST(Simulation, SlicedRunEqualsOneShotRun) {
  // The worker advances in slices; slicing must not change the numbers.
  auto whole = testing::RunToEnd(testing::ParseOrDie(kShortRed), 1);
  auto sliced = testing::Build(testing::ParseOrDie(kShortRed), 1);
  for (int ms = 37; !sliced->done(); ms += 37) sliced->AdvanceTo(Time::Millis(ms));
  EXPECT_TRUE(testing::BitIdentical(whole->metrics().batch(), sliced->metrics().batch()));
}

// The determinism hash: per column the chain h = h * K + (the sample's 64
// bits) over every sample, the chains folded in column order. Clearing the
// batch (the CLI every second, a sweep every 10 s, the page at every read)
// continues the chains; 37 ms slices also leave chains of lengths the
// recorder's eight-at-a-time pass does not divide.
TEST(Simulation, SeriesHashChainsEverySampleHoweverTheBatchesAreCleared) {
  auto whole = testing::RunToEnd(testing::ParseOrDie(kShortRed), 1);
  auto cleared = testing::Build(testing::ParseOrDie(kShortRed), 1);
  for (int ms = 37; !cleared->done(); ms += 37) {
    cleared->AdvanceTo(Time::Millis(ms));
    cleared->metrics().ClearBatch();
  }
  EXPECT_EQ(cleared->metrics().batch_length(), 0);
  constexpr uint64_t kSeed = 0xcbf29ce484222325ULL;
  constexpr uint64_t kMultiplier = 0x9e3779b97f4a7c15ULL;
  uint64_t expected = kSeed;
  const ColumnBatch& batch = whole->metrics().batch();
  ASSERT_EQ(batch.rows(), 2000);
  for (size_t c = 0; c < batch.size(); ++c) {
    uint64_t chain = kSeed;
    for (double v : batch[c]) {
      uint64_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      chain = chain * kMultiplier + bits;
    }
    expected = (expected ^ chain) * kMultiplier;
    expected ^= expected >> 29;
  }
  EXPECT_EQ(whole->summary().series_hash, expected);
  EXPECT_EQ(cleared->summary().series_hash, expected);
}

TEST(Simulation, PacketsAreConservedAndReturnedToThePool) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(kShortRed), 1);
  const QueueDisc& q = sim->bottleneck().disc();
  const QueueCounters& c = q.counters();
  EXPECT_EQ(c.arrivals, c.departures + c.drops_total() + q.packets());
  EXPECT_GT(c.drops_total(), 0);
  // Every live packet is somewhere: queued, on a wire, or in flight.
  EXPECT_GT(sim->pool().live(), 0);
  EXPECT_LT(sim->pool().live(), 30 * 1000);
}

TEST(Simulation, TimelineEventAppliesAtExactlyItsTime) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(R"({"duration_s": 10, "warmup_s": 1,
    "groups": [{"count": 10}],
    "events": [{"at_s": 5, "kind": "set_flows", "group": 0, "count": 30},
               {"at_s": 7, "kind": "set_param", "side": 1, "name": "max_p", "value": 0.3}]})"),
                                 1);
  const auto t = testing::Column(*sim, "t");
  const auto flows = testing::Column(*sim, "flows");
  ASSERT_EQ(t.size(), 1000u);
  // An event at T acts after the sample at T (as a live change made then).
  for (size_t i = 0; i < t.size(); ++i) {
    EXPECT_EQ(flows[i], t[i] < 5.0 + 1e-9 ? 10 : 30) << "at t=" << t[i];
  }
  EXPECT_EQ(sim->bottleneck().disc().GetParam("max_p"), 0.3);
}

TEST(Simulation, LiveFlowChangeTakesEffectAtTheCurrentTime) {
  auto sim = testing::Build(testing::ParseOrDie(R"({"duration_s": 40, "warmup_s": 1,
    "groups": [{"count": 5}]})"), 1);
  sim->AdvanceTo(Time::Seconds(15));
  const double before = sim->bottleneck().disc().counters().arrivals;
  TimelineEvent e;
  e.kind = EventKind::kSetFlows;
  e.count = 150;
  ASSERT_TRUE(sim->Apply(e).ok());
  EXPECT_EQ(sim->active_flows(), 150);
  sim->AdvanceTo(Time::Seconds(40));
  const auto q = testing::Column(*sim, "queue_pkts");
  double early = 0, late = 0;
  for (int i = 1000; i < 1500; ++i) early += q[i];
  for (int i = 3500; i < 4000; ++i) late += q[i];
  EXPECT_GT(late, 2 * early);  // more flows, more queue under RED
  EXPECT_GT(sim->bottleneck().disc().counters().arrivals, before);

  e.count = -3;
  EXPECT_FALSE(sim->Apply(e).ok());
  e.kind = EventKind::kSetParam;
  e.side = -1;
  e.name = "max_p";
  e.value = 7;
  EXPECT_EQ(sim->Apply(e).error, "event.max_p: must be in [0, 1], got 7");
}

TEST(Simulation, StoppedFlowsFallSilentAndRestartCleanly) {
  auto sim = testing::Build(testing::ParseOrDie(R"({"duration_s": 30, "warmup_s": 1,
    "groups": [{"count": 20}]})"), 0);
  sim->AdvanceTo(Time::Seconds(10));
  TimelineEvent e;
  e.kind = EventKind::kSetFlows;
  e.count = 0;
  ASSERT_TRUE(sim->Apply(e).ok());
  sim->AdvanceTo(Time::Seconds(15));
  const int64_t arrivals = sim->bottleneck().disc().counters().arrivals;
  sim->AdvanceTo(Time::Seconds(20));
  EXPECT_EQ(sim->bottleneck().disc().counters().arrivals, arrivals);
  EXPECT_EQ(sim->bottleneck().disc().packets(), 0);
  e.count = 20;
  ASSERT_TRUE(sim->Apply(e).ok());
  sim->AdvanceTo(Time::Seconds(30));
  EXPECT_GT(sim->bottleneck().disc().counters().arrivals, arrivals + 1000);
}

}  // namespace
}  // namespace aqmlab

namespace aqmlab {
namespace {

TEST(Histogram, QuantilesAndDeviationOfKnownData) {
  Histogram h(1.0, 100);
  for (int v = 0; v < 100; ++v) h.Add(v);  // 0..99, each once
  EXPECT_EQ(h.total(), 100);
  EXPECT_EQ(h.Quantile(0.5), 50);   // upper edge of the bin holding the 50th value
  EXPECT_EQ(h.Quantile(0.95), 95);
  EXPECT_DOUBLE_EQ(h.MeanAbsoluteDeviation(), 25.0);  // |v - 49.5| averages 25
  Histogram tail(0.5, 10);
  tail.Add(1000);  // beyond the last bin: counted in the overflow bin
  EXPECT_EQ(tail.Quantile(1.0), 5.5);
}

TEST(Summary, DelayPercentilesAreOrderedAndDeviationsPositive) {
  const Summary s = testing::RunSummary(R"({"duration_s": 30, "warmup_s": 10})", 1);
  EXPECT_LE(s.p50_delay_ms, s.p95_delay_ms);
  EXPECT_LE(s.p95_delay_ms, s.p99_delay_ms);
  EXPECT_GT(s.queue_mad_pkts, 0);
  EXPECT_LE(s.queue_mad_pkts, s.queue_sd_pkts);  // MAD never exceeds the standard deviation
  // Little's law at the bottleneck: mean queue = throughput (pkt/s) x mean wait.
  const double pkts_per_s = s.throughput_mbps * 1e6 / 8 / 500;
  EXPECT_NEAR(s.mean_queue_pkts, pkts_per_s * s.mean_delay_ms / 1000, 0.05 * s.mean_queue_pkts);
}

}  // namespace
}  // namespace aqmlab
