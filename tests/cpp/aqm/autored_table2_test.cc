// The AutoRED paper's Table 2 in the lab (AutoRED's README, "Table 2"): the
// loss rate (drops over packets offered to the bottleneck, the paper's
// dropped / (sent + dropped)) over seeds 1-6 for the autored-sudden-load
// preset, which reads the paper's text (sink links without delay), and for
// autored-sudden-load-fitted, whose sink delays were chosen because they
// reproduce the table.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

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

// Seeds 1-6 of a preset: each seed's losses, and all six pooled (last).
std::vector<Losses> RunSixSeeds(const std::string& preset) {
  const Scenario scenario = testing::ParseOrDie(testing::PresetText(preset));
  std::vector<Losses> out;
  if (scenario.sides.size() != 4) return out;
  Losses pooled;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    out.push_back(RunSeed(scenario, seed));
    for (int side = 0; side < 4; ++side) {
      pooled.drops[side] += out.back().drops[side];
      pooled.offered[side] += out.back().offered[side];
    }
  }
  out.push_back(pooled);
  return out;
}

// Measured (scripts/autored-table2.mjs, seeds 1-6): loss RED 10.3-11.7%,
// ARED 12.3-13.3%, AutoRED over RED 10.5-11.6%, over ARED 12.1-13.3%, about
// 1.3 times the paper's (8.26, 9.30, 7.86, 8.60). RED stays below ARED in
// every seed; AutoRED over RED loses more than RED on the mean (11.01%
// against 10.77%), so the paper's AutoRED (RED) < RED is not reproduced.
TEST(AutoRedTable2, ThePapersTextLosesAboutAThirdMoreThanThePaper) {
  const std::vector<Losses> runs = RunSixSeeds("autored-sudden-load");
  ASSERT_EQ(runs.size(), 7u);
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const Losses& l = runs[seed - 1];
    EXPECT_LT(l.ratio(kRed), l.ratio(kAred)) << "seed " << seed;
    // 1.2 to 1.45 times the paper's RED 8.26% and ARED 9.30%.
    EXPECT_GT(l.ratio(kRed), 1.2 * 0.0826) << "seed " << seed;
    EXPECT_LT(l.ratio(kRed), 1.45 * 0.0826) << "seed " << seed;
    EXPECT_GT(l.ratio(kAred), 1.2 * 0.0930) << "seed " << seed;
    EXPECT_LT(l.ratio(kAred), 1.45 * 0.0930) << "seed " << seed;
  }
  EXPECT_GT(runs[6].ratio(kAutoRed), runs[6].ratio(kRed));
}

// Measured (scripts/autored-table2.mjs, seeds 1-6): loss RED 7.2-8.8%, ARED
// 8.7-11.2%, AutoRED over RED 7.0-8.8%, over ARED 8.3-10.8% (the paper: 8.26,
// 9.30, 7.86, 8.60). RED below ARED and AutoRED over ARED below ARED hold in
// every seed; AutoRED over RED is below RED in 4 seeds of 6, by 0.17 points
// on the mean over the six.
TEST(AutoRedTable2, TheFittedPresetOrdersTheLossRatesAsThePaper) {
  const std::vector<Losses> runs = RunSixSeeds("autored-sudden-load-fitted");
  ASSERT_EQ(runs.size(), 7u);
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const Losses& l = runs[seed - 1];
    EXPECT_LT(l.ratio(kRed), l.ratio(kAred)) << "seed " << seed;
    EXPECT_LT(l.ratio(kAutoAred), l.ratio(kAred)) << "seed " << seed;
    // The paper's magnitudes, within a band around them (RED 8.26%, ARED 9.30%).
    EXPECT_GT(l.ratio(kRed), 0.06) << "seed " << seed;
    EXPECT_LT(l.ratio(kRed), 0.11) << "seed " << seed;
    EXPECT_GT(l.ratio(kAred), 0.08) << "seed " << seed;
    EXPECT_LT(l.ratio(kAred), 0.13) << "seed " << seed;
  }
  const Losses& pooled = runs[6];
  // AutoRED over RED: below RED over the six seeds together, not in each.
  EXPECT_LT(pooled.ratio(kAutoRed), pooled.ratio(kRed));
  // And the paper's full order: AutoRED(RED) < RED < AutoRED(ARED) < ARED.
  EXPECT_LT(pooled.ratio(kRed), pooled.ratio(kAutoAred));
}

}  // namespace
}  // namespace aqmlab
