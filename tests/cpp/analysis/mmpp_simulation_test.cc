// The MMPP chain (analysis/mmpp_chain.h) against the simulator: four
// open-loop MMPP-2 sources (traffic/mmpp_source.h, the paper's 16 phases)
// with exponential packet sizes through a drop-tail QueueLink. With m = 1
// the chain is that system exactly, so its loss, mean in system and mean
// waiting must lie inside the 95% confidence interval of R = 10 seeds.
//
// Which L: the link's buffer K counts waiting packets, so the system holds
// L = K + 1 (see traffic/queueing_test.cc). Each replication warms up for
// 20 s (the slowest phase switches at 0.5/s) and measures 200 s; counts are
// exact time averages (queue_monitor.h).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "analysis/mmpp_chain.h"
#include "traffic/mmpp_source.h"
#include "queue_monitor.h"
#include "traffic_test_util.h"

namespace aqmlab {
namespace {

constexpr double kLinkBps = 8e6;  // 1000 B take 1 ms: mu = 1000 packets/s
constexpr Bytes kMeanBytes = 1000;
constexpr int64_t kBuffer = 15;
constexpr int kReplications = 10;
constexpr double kT975With9Dof = 2.262;
constexpr double kWarmupS = 20, kMeasureS = 200;

// Mean rates 260 + 150 + 200 + 190 = 800 packets/s: load 0.8, bursty.
const std::vector<analysis::MmppSourceGroup> kSources = {
    {500, 20, 1, 1, 1}, {400, 25, 2, 0.5, 1}, {350, 50, 1, 1, 1}, {700, 40, 3, 0.5, 1}};

testing::MonitoredDropTail::Figures RunReplication(uint64_t seed) {
  testing::MonitoredDropTail queue(kLinkBps, kMeanBytes, kBuffer);
  std::vector<std::unique_ptr<Mmpp2Source>> sources;
  for (size_t k = 0; k < kSources.size(); ++k) {
    Mmpp2Config c;
    c.lambda1 = kSources[k].lambda1;
    c.lambda2 = kSources[k].lambda2;
    c.r12 = kSources[k].r12;
    c.r21 = kSources[k].r21;
    c.size = {PacketSizeLaw::Kind::kExponential, kMeanBytes};
    sources.push_back(std::make_unique<Mmpp2Source>(
        queue.loop, queue.pool, SourceIdentity{int32_t(k), 0, &queue.route, seed, uint64_t(k)}, c));
    sources.back()->Start();
  }
  return queue.Measure(kWarmupS, kMeasureS);
}

void ExpectInside(const char* what, const std::vector<double>& xs, double theory) {
  const auto s = testing::Summarise(xs);
  const double half = kT975With9Dof * s.sd / std::sqrt(double(xs.size()));
  std::printf("  %s: simulated %.5f +- %.5f (95%%), chain %.5f\n", what, s.mean, half, theory);
  EXPECT_LE(std::fabs(s.mean - theory), half) << what;
  EXPECT_LT(half, 0.1 * theory) << what << ": the interval is too wide to test anything";
}

TEST(MmppChainAgainstSimulation, FourSourcesThroughDropTail) {
  analysis::MmppChainModel model;
  model.sources = kSources;
  model.service_rate = kLinkBps / (8.0 * kMeanBytes);
  model.stages = 1;
  model.capacity = kBuffer + 1;
  auto chain = analysis::SolveMmppChain(model);
  ASSERT_TRUE(chain.ok()) << chain.error();
  EXPECT_EQ(chain.value().phases, 16);
  std::vector<double> loss, in_system, waiting;
  for (int r = 0; r < kReplications; ++r) {
    const auto m = RunReplication(uint64_t(r + 1));
    loss.push_back(m.loss);
    in_system.push_back(m.mean_in_system);
    waiting.push_back(m.mean_waiting);
  }
  ExpectInside("loss", loss, chain.value().loss);
  ExpectInside("mean in system", in_system, chain.value().mean_in_system);
  ExpectInside("mean waiting", waiting, chain.value().mean_waiting);
}

}  // namespace
}  // namespace aqmlab
