// The CUBIC-against-NewReno preset says what the lab finds (index.json):
// behind a deep FIFO, long queueing delays put CUBIC on its cubic curve and
// it takes more than twice NewReno's share; under CoDel the round trips stay
// short, CUBIC is in its Reno-friendly region (RFC 9438 sec. 4.3) and the
// two groups share nearly evenly. BBR against CUBIC (teach-bbr-cubic),
// both with SACK as in Linux: in half a BDP of buffer CUBIC's losses keep
// it below BBR, which does not take loss as a signal; in eight BDPs
// CUBIC fills the buffer and BBR, held by its inflight cap of two BDPs of
// its own estimate, gets the smaller share, though not by much (Hock et
// al. 2017, Ware et al. 2019). Without SACK BBR fared far worse there: a
// window of losses repaired one hole per round trip (300 ms behind the
// full buffer) outlasted its ten-round bandwidth window, so its estimate
// fell to the repair's delivery rate and stayed there for tens of seconds.
#include <gtest/gtest.h>

#include <string>

#include "class_goodput.h"
#include "test_util.h"

namespace aqmlab {
namespace {

TEST(PresetSenders, CubicOutgrowsNewRenoBehindAFifoAndSharesUnderCodel) {
  const Scenario scenario = testing::ParseOrDie(testing::PresetText("teach-cubic-newreno"));
  ASSERT_EQ(scenario.sides.size(), 2u);
  const Summary fifo = testing::RunSummary(testing::PresetText("teach-cubic-newreno"), 0);
  EXPECT_GT(fifo.mean_queue_pkts, 300);
  EXPECT_GT(testing::ClassGoodput(fifo, "cubic"), 2 * testing::ClassGoodput(fifo, "newreno"));
  const Summary codel = testing::RunSummary(testing::PresetText("teach-cubic-newreno"), 1);
  EXPECT_LT(codel.mean_delay_ms, 20);
  const double cubic = testing::ClassGoodput(codel, "cubic");
  const double newreno = testing::ClassGoodput(codel, "newreno");
  EXPECT_NEAR(cubic / newreno, 1.0, 0.15);
  EXPECT_GT(cubic + newreno, 9.5);  // the link stays full
}

TEST(PresetSenders, BbrOutgrowsCubicInAShallowFifoAndCubicInADeepOne) {
  const std::string text = testing::PresetText("teach-bbr-cubic");
  // One seed's split of the shallow link scatters widely (CUBIC's share 42,
  // 19 and 51% at seeds 1, 2 and 3); over the three BBR takes 1.7 times
  // CUBIC's goodput.
  double bbr_shallow = 0, cubic_shallow = 0;
  for (const char* seed : {"\"seed\": 1", "\"seed\": 2", "\"seed\": 3"}) {
    const Summary shallow = testing::RunSummary(testing::Replaced(text, "\"seed\": 1", seed), 0);
    bbr_shallow += testing::ClassGoodput(shallow, "bbr");
    cubic_shallow += testing::ClassGoodput(shallow, "cubic");
    EXPECT_LT(shallow.mean_queue_pkts, 16) << seed;
  }
  EXPECT_GT(bbr_shallow, 1.5 * cubic_shallow);
  const Summary deep = testing::RunSummary(text, 1);
  const double bbr_deep = testing::ClassGoodput(deep, "bbr");
  const double cubic_deep = testing::ClassGoodput(deep, "cubic");
  EXPECT_GT(cubic_deep, bbr_deep);
  EXPECT_GT(deep.mean_queue_pkts, 100);  // CUBIC keeps the deep buffer more than a third full
  EXPECT_GT(bbr_deep + cubic_deep, 9.5);

  // The same lesson without SACK: BBR's share of the deep FIFO collapses.
  std::string without = text;
  for (const std::string variant : {"\"variant\": \"bbr\"", "\"variant\": \"cubic\""}) {
    without = testing::Replaced(without, variant, variant + ", \"sack\": false");
  }
  const Summary deep_without = testing::RunSummary(without, 1);
  EXPECT_LT(testing::ClassGoodput(deep_without, "bbr"), 0.7 * bbr_deep);
  EXPECT_GT(testing::ClassGoodput(deep_without, "cubic"), 2 * testing::ClassGoodput(deep_without, "bbr"));
}

}  // namespace
}  // namespace aqmlab
