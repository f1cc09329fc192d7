// The AOPC presets' response time (target 20 packets) reports a value: their
// `response` widens the deviation bound to 50% of the target (the paper's 30%,
// 6 packets, is met by no discipline here; see public/presets/index.json).
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
      ASSERT_TRUE(s.response_time_s.has_value()) << id << " " << name;
      EXPECT_GT(*s.response_time_s, 2) << id << " " << name;
      EXPECT_LT(*s.response_time_s, scenario.duration_s - scenario.response->from_s) << id << " " << name;
    }
  }
}

}  // namespace
}  // namespace aqmlab
