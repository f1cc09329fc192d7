// A live capacity change acts on both directions of the hop: the way back,
// which carries the ACKs, must not keep the capacity it was built with, or it
// would cap the goodput without a word (a "capacity trap" a class would not see).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"

namespace aqmlab {
namespace {

using testing::MeanOver;

// 100 long-lived flows, 500-byte segments, 40-byte ACKs, built at 10 Mb/s and
// raised to 200 Mb/s at 5 s. A way back left at 10 Mb/s carries at most
// 10e6 / (40 * 8) = 31 250 ACKs a second, which clock 31 250 * 500 * 8 =
// 125 Mb/s of segments: the ceiling the trap held goodput at.
std::string Raised(const std::string& extra_group) {
  return R"({"duration_s": 40, "warmup_s": 5, "seed": 5,
    "bottleneck": {"capacity_mbps": 10, "delay_ms": 5, "buffer_pkts": 2000, "packet_bytes": 500},
    "sides": [{"aqm": "droptail"}],
    "groups": [{"count": 100, "rtt_ms": {"min": 20, "max": 60}})" +
         extra_group + R"(],
    "events": [{"at_s": 5, "kind": "set_capacity", "mbps": 200}]})";
}

TEST(ScenarioCapacity, RaisingCapacityLiveIsNotCappedByTheBuiltWayBack) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(Raised("")));
  ASSERT_NE(sim, nullptr);
  EXPECT_EQ(sim->bottleneck().rate_bps(), 200e6);
  const double before = MeanOver(*sim, "throughput_mbps", 2, 5);
  const double after = MeanOver(*sim, "throughput_mbps", 30, 40);
  EXPECT_NEAR(before, 10, 0.5);
  EXPECT_GT(after, 180);  // the ACK-clock ceiling of a 10 Mb/s way back is 125
  // ...and the same as a run built at 200 Mb/s reaches.
  std::string built = Raised("");
  built = testing::Replaced(built, "\"capacity_mbps\": 10", "\"capacity_mbps\": 200");
  auto reference = testing::RunToEnd(testing::ParseOrDie(built));
  ASSERT_NE(reference, nullptr);
  EXPECT_NEAR(after, MeanOver(*reference, "throughput_mbps", 30, 40), 10);
}

TEST(ScenarioCapacity, AReverseQueueFollowsTheHopsCapacity) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(
      Raised(R"(, {"count": 5, "rtt_ms": {"min": 20, "max": 60}, "direction": "reverse"})")));
  ASSERT_NE(sim, nullptr);
  ASSERT_NE(sim->reverse_queue(), nullptr);
  EXPECT_EQ(sim->reverse_queue()->rate_bps(), 200e6);
  EXPECT_GT(MeanOver(*sim, "throughput_mbps", 30, 40), 150);
}

}  // namespace
}  // namespace aqmlab
