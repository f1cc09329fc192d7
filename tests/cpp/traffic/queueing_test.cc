// Open-loop Poisson packets through a drop-tail QueueLink against queueing
// theory: exponential sizes against M/M/1/N (closed form), fixed sizes
// against M/D/1/N (the embedded-chain solver in analysis/finite_queue.h),
// at loads 0.5, 0.9 and 1.2.
//
// Which N. The QueueLink's buffer counts WAITING packets: a packet leaves
// the discipline when its transmission starts, and an arrival is refused
// only when K packets wait. So with one more in service the SYSTEM holds at
// most N = K + 1 and an arrival is lost exactly when the system is full:
// the link with buffer K is M/x/1/(K + 1). Its queue (what the buffer holds)
// is the number waiting, whose mean is E[n] - P(busy) = E[n] - (1 - p_0);
// the theory reports both and the test checks both.
//
// Statistics. R = 10 independent replications (seeds 1..10), each warmed up
// for 1 s (1000 mean service times; the chains relax in tens) and then
// measured for 100 s (50,000 to 120,000 arrivals), or 400 s for M/D/1 at
// load 0.5, whose loss (1.8e-4) is rare. Counts are time averages
// integrated exactly at every change, not samples. The 95% confidence
// interval of each mean is mean +- t(0.975, 9) sd / sqrt(R), t = 2.262, and
// the theory must lie inside it. Each case also checks the interval is
// narrow (so the test has power), and that the other service model's value
// lies outside it (the simulation tells M/M from M/D).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "analysis/finite_queue.h"
#include "traffic/poisson_source.h"
#include "queue_monitor.h"
#include "traffic_test_util.h"

namespace aqmlab {
namespace {

constexpr double kLinkBps = 8e6;       // 1000 B take 1 ms: mu = 1000 packets/s
constexpr Bytes kMeanBytes = 1000;
constexpr int64_t kBuffer = 6;         // waiting room K; the system holds N = 7
constexpr int kReplications = 10;
constexpr double kT975With9Dof = 2.262;
constexpr double kWarmupS = 1;

testing::MonitoredDropTail::Figures RunReplication(bool exponential_sizes, double rho, double measure_s,
                                                   uint64_t seed) {
  testing::MonitoredDropTail queue(kLinkBps, kMeanBytes, kBuffer);
  PoissonConfig config;
  config.rate_pps = rho * kLinkBps / (8.0 * kMeanBytes);
  config.size = {exponential_sizes ? PacketSizeLaw::Kind::kExponential : PacketSizeLaw::Kind::kFixed,
                 kMeanBytes};
  PoissonSource source(queue.loop, queue.pool, SourceIdentity{0, 0, &queue.route, seed, 0}, config);
  source.Start();
  return queue.Measure(kWarmupS, measure_s);
}

struct Interval {
  double mean;
  double half_width;
  bool Contains(double x) const { return std::fabs(x - mean) <= half_width; }
};

Interval ConfidenceInterval(const std::vector<double>& xs) {
  const auto s = testing::Summarise(xs);
  return {s.mean, kT975With9Dof * s.sd / std::sqrt(double(xs.size()))};
}

struct QueueCase {
  bool exponential;
  double rho;
  double measure_s;  // per replication, after the warm-up
  // How narrow each interval must be, relative to the theory: the loss at
  // load 0.5 is rare (0.4%) and gets the widest allowance.
  double max_relative_half_width;
};

class TrafficQueueing : public ::testing::TestWithParam<QueueCase> {};

void Check(const char* what, const std::vector<double>& xs, double theory, double other_model,
           double max_relative_half_width, const QueueCase& c) {
  const Interval ci = ConfidenceInterval(xs);
  std::printf("  %s %s rho=%.1f: simulated %.5f +- %.5f (95%%), theory %.5f, other model %.5f\n",
              c.exponential ? "M/M/1/7" : "M/D/1/7", what, c.rho, ci.mean, ci.half_width, theory,
              other_model);
  EXPECT_TRUE(ci.Contains(theory)) << what << ": theory " << theory << " outside " << ci.mean
                                   << " +- " << ci.half_width;
  EXPECT_LT(ci.half_width, max_relative_half_width * theory) << what;
  EXPECT_FALSE(ci.Contains(other_model)) << what << ": cannot tell M/M from M/D";
}

TEST_P(TrafficQueueing, MatchesTheFiniteQueue) {
  const QueueCase c = GetParam();
  const int64_t system = kBuffer + 1;
  const auto mm = analysis::SolveMm1k(c.rho, system);
  const auto md = analysis::SolveMd1k(c.rho, system);
  ASSERT_TRUE(mm.ok() && md.ok());
  const analysis::FiniteQueueSolution& theory = c.exponential ? mm.value() : md.value();
  const analysis::FiniteQueueSolution& other = c.exponential ? md.value() : mm.value();
  std::vector<double> loss, waiting, in_system;
  for (int r = 0; r < kReplications; ++r) {
    const auto m = RunReplication(c.exponential, c.rho, c.measure_s, uint64_t(r + 1));
    loss.push_back(m.loss);
    waiting.push_back(m.mean_waiting);
    in_system.push_back(m.mean_in_system);
  }
  const double w = c.max_relative_half_width;
  Check("loss", loss, theory.loss, other.loss, w, c);
  Check("mean waiting", waiting, theory.mean_waiting, other.mean_waiting, w / 2, c);
  Check("mean in system", in_system, theory.mean_in_system, other.mean_in_system, w / 2, c);
}

std::string CaseName(const ::testing::TestParamInfo<QueueCase>& info) {
  return std::string(info.param.exponential ? "Mm1k" : "Md1k") + "_load" +
         std::to_string(std::lround(info.param.rho * 100));
}

INSTANTIATE_TEST_SUITE_P(Loads, TrafficQueueing,
                         ::testing::Values(QueueCase{true, 0.5, 100, 0.2}, QueueCase{true, 0.9, 100, 0.1},
                                           QueueCase{true, 1.2, 100, 0.1}, QueueCase{false, 0.5, 400, 0.2},
                                           QueueCase{false, 0.9, 100, 0.1}, QueueCase{false, 1.2, 100, 0.1}),
                         CaseName);

}  // namespace
}  // namespace aqmlab
