// The AOPC presets' response time (target 20 packets) reports a value: their
// `response` widens the deviation bound to 50% of the target (the paper's 30%,
// 6 packets, is met by no discipline here; see public/presets/index.json).
// AOPC holds the target and settles within seconds, LRED settles too; PI
// never does. REM and PID hold the queue near twice the target under these
// 200 (exp 2: 150) Reno flows (mean 31-49 packets, seed 1), so whether some
// 4 s window meets the bound is chance: they settle in some presets and not
// in others (before the TCP retransmission timer followed ns-2's, when the
// senders timed out far more, they settled in all three).
#include <gtest/gtest.h>

#include <string>

#include "test_util.h"

namespace aqmlab {
namespace {

TEST(PresetResponse, AopcPresetsSettleEveryDisciplineThatHoldsItsTarget) {
  for (const char* id : {"aopc-exp1-buffer200", "aopc-exp1-buffer500", "aopc-exp2"}) {
    const Scenario scenario = testing::ParseOrDie(testing::PresetText(id));
    ASSERT_TRUE(scenario.response.has_value()) << id;
    ASSERT_EQ(scenario.response->target_pkts, 20) << id;
    for (size_t side = 0; side < scenario.sides.size(); ++side) {
      auto sim = testing::RunToEnd(scenario, static_cast<int>(side));
      ASSERT_TRUE(sim);
      const Summary s = sim->summary();
      const std::string& name = scenario.sides[side].name;
      // PI with the LRED paper's gains holds the queue near 140 packets here,
      // far above q0 = 20: it never settles, and null says so.
      if (name == "PI") {
        EXPECT_GT(s.mean_queue_pkts, 100) << id;
        EXPECT_FALSE(s.response_time_s.has_value()) << id;
        continue;
      }
      if (name == "REM" || name == "PID") {
        EXPECT_GT(s.mean_queue_pkts, 1.25 * scenario.response->target_pkts) << id << " " << name;
        continue;
      }
      if (name == "AOPC") EXPECT_NEAR(s.mean_queue_pkts, 20, 2) << id;
      ASSERT_TRUE(s.response_time_s.has_value()) << id << " " << name;
      EXPECT_GT(*s.response_time_s, 2) << id << " " << name;
      EXPECT_LT(*s.response_time_s, scenario.duration_s - scenario.response->from_s) << id << " " << name;
    }
  }
}

}  // namespace
}  // namespace aqmlab
