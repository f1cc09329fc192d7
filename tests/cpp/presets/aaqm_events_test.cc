// What the aaqm-mixed preset's 125-175 s schedule does (the AAQM paper's
// sec. 6.2): half the UDP sources stop, and PI's qref falls to 75, AVQ's
// alpha rises to 0.8 and self-configuring RED's max_p is set to 0.5, each
// back at 175 s. Each side is run with the schedule and without its
// set_param events, so the difference is the parameter changes' own effect.
//
// Measured (seed 1, 1200 flows): the UDP stops act (the udp class's
// throughput falls from 1.8 to 0.9 Mb/s and TCP takes the room); the
// parameter changes reach their disciplines but move no queue. PI's p,
// integrating with the paper's gains, climbs from 0.0003 to about 0.008
// over the 50 s while the queue is held at the buffer by overflow (mean 97
// packets either way, not the 75 the paper aims at); self-configuring RED's
// max_p, already at its bound 1, is back there within seconds of being set
// to 0.5; AVQ's virtual capacity sits at its bound gamma C = 9 Mb/s, which
// alpha does not move. AAQM's README, "The 125-175 s changes".
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "test_util.h"

namespace aqmlab {
namespace {

constexpr int kSred = 0, kPi = 1, kAvq = 2;

struct WithAndWithout {
  std::unique_ptr<Simulation> with, without;
  explicit WithAndWithout(int side) {
    Scenario s = testing::ParseOrDie(testing::PresetText("aaqm-mixed"));
    with = testing::Build(s, side);
    std::erase_if(s.events, [](const TimelineEvent& e) { return e.kind == EventKind::kSetParam; });
    without = testing::Build(s, side);
  }
  void AdvanceTo(double t_s) {
    with->AdvanceTo(Time::Seconds(t_s));
    without->AdvanceTo(Time::Seconds(t_s));
  }
};

double MinOver(const Simulation& sim, const std::string& column, double from, double to) {
  const auto t = testing::Column(sim, "t");
  const auto v = testing::Column(sim, column);
  double low = 1e300;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] > from && t[i] <= to) low = std::min(low, v[i]);
  }
  return low;
}

TEST(PresetAaqmEvents, HalfTheUdpStopsDuring125To175) {
  WithAndWithout pi(kPi);
  pi.AdvanceTo(175);
  const double before = testing::MeanOver(*pi.with, "class.udp.throughput_mbps", 100, 125);
  const double during = testing::MeanOver(*pi.with, "class.udp.throughput_mbps", 140, 175);
  EXPECT_GT(before, 1.5);
  EXPECT_NEAR(during / before, 0.5, 0.1);
  // The long-lived TCP flows take the room it leaves.
  EXPECT_GT(testing::MeanOver(*pi.with, "class.ftp.throughput_mbps", 140, 175),
            1.2 * testing::MeanOver(*pi.with, "class.ftp.throughput_mbps", 100, 125));
}

TEST(PresetAaqmEvents, PisLowerQrefRaisesItsProbabilityButNotEnoughToMoveTheQueue) {
  WithAndWithout pi(kPi);
  pi.AdvanceTo(150);
  EXPECT_EQ(pi.with->bottleneck().disc().GetParam("qref"), 75);
  EXPECT_EQ(pi.without->bottleneck().disc().GetParam("qref"), 100);
  pi.AdvanceTo(175);
  const double p_with = testing::MeanOver(*pi.with, "p", 140, 175);
  const double p_without = testing::MeanOver(*pi.without, "p", 140, 175);
  EXPECT_GT(p_with, 0.004);
  EXPECT_GT(p_with, 10 * p_without);
  // The queue stays at the buffer, held by overflow, with or without it.
  const double q_with = testing::MeanOver(*pi.with, "queue_pkts", 140, 175);
  EXPECT_GT(q_with, 90);
  EXPECT_NEAR(q_with, testing::MeanOver(*pi.without, "queue_pkts", 140, 175), 2);
}

TEST(PresetAaqmEvents, SredsMaxPReturnsToItsBoundAndAvqsCapacityStaysAtItsBound) {
  WithAndWithout sred(kSred);
  sred.AdvanceTo(175);
  EXPECT_DOUBLE_EQ(MinOver(*sred.with, "aqm.max_p", 125, 126), 0.5);  // set at 125 s
  EXPECT_GT(testing::MeanOver(*sred.with, "aqm.max_p", 140, 175), 0.95);
  EXPECT_EQ(MinOver(*sred.without, "aqm.max_p", 100, 175), 1.0);
  EXPECT_NEAR(testing::MeanOver(*sred.with, "queue_pkts", 140, 175),
              testing::MeanOver(*sred.without, "queue_pkts", 140, 175), 2);

  WithAndWithout avq(kAvq);
  avq.AdvanceTo(150);
  EXPECT_EQ(avq.with->bottleneck().disc().GetParam("alpha"), 0.8);
  avq.AdvanceTo(175);
  for (const auto* run : {avq.with.get(), avq.without.get()}) {
    EXPECT_GT(MinOver(*run, "aqm.cv", 140, 175), 0.99 * 9);  // gamma C, Mb/s
  }
  EXPECT_NEAR(testing::MeanOver(*avq.with, "queue_pkts", 140, 175),
              testing::MeanOver(*avq.without, "queue_pkts", 140, 175), 1);
}

}  // namespace
}  // namespace aqmlab
