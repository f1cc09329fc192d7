// The L4S RTT-unfairness and capacity-step presets say what the lab finds
// (public/presets/index.json): how much of a 16:1 RTT ratio each discipline
// lets through, L4S marking's millisecond queue at 50 and 25 Mb/s, and the
// FIFO's delay, which is its buffer over the capacity of the moment.
#include <gtest/gtest.h>

#include <string>

#include "test_util.h"

namespace aqmlab {
namespace {

const ClassSummary& ClassOf(const Summary& s, const std::string& name) {
  for (const ClassSummary& c : s.classes) {
    if (c.name == name) return c;
  }
  ADD_FAILURE() << "no class " << name;
  return s.classes.front();
}

const Summary& WindowOf(const Summary& s, const std::string& name) {
  for (const WindowSummary& w : s.windows) {
    if (w.name == name && w.started) return w.summary;
  }
  ADD_FAILURE() << "no window " << name;
  return s;
}

// A FIFO that stays full delays every packet by its buffer over the rate:
// 1050 packets of 1500 B at `mbps`.
double FullFifoDelayMs(double mbps) { return 1050 * 1500 * 8 / (mbps * 1e3); }

// Sides, as in the preset: DualPI2, FQ-CoDel with the 1 ms L4S threshold,
// FQ-CoDel without it, PIE, drop-tail.
enum Side { kDualPi2, kFqCodelL4s, kFqCodel, kPie, kDropTail };

double ShortOverLong(const Summary& s) {
  return ClassOf(s, "rtt_10ms").goodput_mbps / ClassOf(s, "rtt_160ms").goodput_mbps;
}

TEST(PresetL4s, RttUnfairnessPassesThroughDualPi2AndNotThroughFlowQueues) {
  const std::string json = testing::PresetText("teach-l4s-rtt-unfairness");
  ASSERT_EQ(testing::ParseOrDie(json).sides.size(), 5u);
  // Measured (seed 1): 58, 1.15, 1.00, 7.9, 6.2.
  EXPECT_GT(ShortOverLong(testing::RunSummary(json, kDualPi2)), 20);
  for (Side side : {kFqCodelL4s, kFqCodel}) {
    EXPECT_NEAR(ShortOverLong(testing::RunSummary(json, side)), 1.0, 0.25) << side;
  }
  EXPECT_GT(ShortOverLong(testing::RunSummary(json, kPie)), 3);
  const Summary fifo = testing::RunSummary(json, kDropTail);
  EXPECT_GT(ShortOverLong(fifo), 3);
  EXPECT_NEAR(fifo.p99_delay_ms, FullFifoDelayMs(50), 0.02 * FullFifoDelayMs(50));
  // The L4S threshold holds Prague's queue near a millisecond; without it,
  // FQ-CoDel's 5 ms target.
  EXPECT_LT(testing::RunSummary(json, kFqCodelL4s).mean_delay_ms, 1.5);
  EXPECT_GT(testing::RunSummary(json, kFqCodel).mean_delay_ms, 5.0);
}

TEST(PresetL4s, CapacityStepsLowLatencyUntilAPacketOutlastsTheThreshold) {
  const std::string json = testing::PresetText("teach-l4s-capacity-steps");
  ASSERT_EQ(testing::ParseOrDie(json).events.size(), 2u);
  const Summary l4s = testing::RunSummary(json, kFqCodelL4s);
  const Summary classic = testing::RunSummary(json, kFqCodel);
  const Summary dual = testing::RunSummary(json, kDualPi2);
  // Measured (seed 1), Prague's mean delay at 50 / 25 Mb/s: 0.2 / 1.6 ms
  // with the threshold, 7.1 / 15.8 without, 0.0 / 0.1 under DualPI2.
  for (const char* w : {"50 Mb/s", "25 Mb/s"}) {
    EXPECT_LT(ClassOf(WindowOf(l4s, w), "prague").delay->mean_ms, 2.0) << w;
    EXPECT_GT(ClassOf(WindowOf(classic, w), "prague").delay->mean_ms, 5.0) << w;
    EXPECT_LT(ClassOf(WindowOf(dual, w), "prague").delay->mean_ms, 1.0) << w;
  }
  // At 5 Mb/s a 1500 B packet takes 2.4 ms, over the 1 ms threshold: Prague
  // is marked at nearly every packet and keeps well under its half (0.6 Mb/s
  // of 2.5 measured), CUBIC the rest.
  const Summary& low = WindowOf(l4s, "5 Mb/s");
  EXPECT_LT(ClassOf(low, "prague").goodput_mbps, 1.25);
  EXPECT_GT(ClassOf(low, "cubic").goodput_mbps, 3.0);
  // The FIFO's p99 is its full buffer at each rate: 252, 504, 2520 ms.
  const Summary fifo = testing::RunSummary(json, kDropTail);
  for (double mbps : {50.0, 25.0, 5.0}) {
    const std::string w = std::to_string(static_cast<int>(mbps)) + " Mb/s";
    EXPECT_NEAR(WindowOf(fifo, w).p99_delay_ms, FullFifoDelayMs(mbps), 0.02 * FullFifoDelayMs(mbps))
        << w;
  }
}

}  // namespace
}  // namespace aqmlab
