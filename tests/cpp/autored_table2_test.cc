// The AutoRED paper's Table 2 as the autored-sudden-load preset reproduces
// it (AutoRED's README, "Table 2"): over seeds 1-6, the loss rate (drops
// over packets offered to the bottleneck, the paper's dropped / (sent +
// dropped)) orders the four schemes as the paper does.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "test_util.h"

namespace aqmlab {
namespace {

// Sides: RED, ARED, RED then AutoRED from 11 s, ARED then AutoRED from 11 s.
enum Side { kRed, kAred, kAutoRed, kAutoAred };

struct Losses {
  std::array<int64_t, 4> drops{}, offered{};
  double ratio(Side s) const { return static_cast<double>(drops[s]) / static_cast<double>(offered[s]); }
};

Losses RunSeed(Scenario scenario, uint64_t seed) {
  scenario.seed = seed;
  Losses out;
  for (int side = 0; side < 4; ++side) {
    auto sim = testing::RunToEnd(scenario, side);
    if (!sim) continue;
    const Summary s = sim->summary();
    out.drops[side] = s.drops_overflow + s.drops_forced + s.drops_early;
    out.offered[side] = s.arrivals;
  }
  return out;
}

// Measured (scripts/autored-table2.mjs, seeds 1-6): loss RED 7.2-8.8%, ARED
// 8.7-11.2%, AutoRED over RED 7.0-8.8%, over ARED 8.3-10.8% (the paper: 8.26,
// 9.30, 7.86, 8.60). RED below ARED and AutoRED over ARED below ARED hold in
// every seed (AutoRED over ARED in 12 of 12 seeds too); AutoRED over RED is
// below RED in 4 seeds of 6 (9 of 12), by 0.17 points on the mean over the six.
TEST(AutoRedTable2, ThePresetOrdersTheLossRatesAsThePaper) {
  const Scenario scenario = testing::ParseOrDie(testing::PresetText("autored-sudden-load"));
  ASSERT_EQ(scenario.sides.size(), 4u);
  Losses pooled;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const Losses l = RunSeed(scenario, seed);
    EXPECT_LT(l.ratio(kRed), l.ratio(kAred)) << "seed " << seed;
    EXPECT_LT(l.ratio(kAutoAred), l.ratio(kAred)) << "seed " << seed;
    // The paper's magnitudes, within a band around them (RED 8.26%, ARED 9.30%).
    EXPECT_GT(l.ratio(kRed), 0.06) << "seed " << seed;
    EXPECT_LT(l.ratio(kRed), 0.11) << "seed " << seed;
    EXPECT_GT(l.ratio(kAred), 0.08) << "seed " << seed;
    EXPECT_LT(l.ratio(kAred), 0.13) << "seed " << seed;
    for (int side = 0; side < 4; ++side) {
      pooled.drops[side] += l.drops[side];
      pooled.offered[side] += l.offered[side];
    }
  }
  // AutoRED over RED: below RED over the six seeds together, not in each.
  EXPECT_LT(pooled.ratio(kAutoRed), pooled.ratio(kRed));
  // And the paper's full order: AutoRED(RED) < RED < AutoRED(ARED) < ARED.
  EXPECT_LT(pooled.ratio(kRed), pooled.ratio(kAutoAred));
}

}  // namespace
}  // namespace aqmlab
