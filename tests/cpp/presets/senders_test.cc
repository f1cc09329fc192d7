// The CUBIC-against-NewReno preset says what the lab finds (index.json):
// behind a deep FIFO, long queueing delays put CUBIC on its cubic curve and
// it takes more than twice NewReno's share; under CoDel the round trips stay
// short, CUBIC is in its Reno-friendly region (RFC 9438 sec. 4.3) and the
// two groups share nearly evenly.
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

}  // namespace
}  // namespace aqmlab
