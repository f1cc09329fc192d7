// The UDP-flood preset (public/presets/teach-fairness-udp.json): eight TCP
// downloads and a 64 kb/s voice call on a 10 Mb/s link; from 20 s a UDP
// source sends 12 Mb/s. Its CAKE side against its FQ-CoDel side, over the
// window 'flood' (25-60 s).
#include <gtest/gtest.h>

#include <string>

#include "test_util.h"

namespace aqmlab {
namespace {

const Summary& Flood(const Summary& s) {
  for (const WindowSummary& w : s.windows) {
    if (w.name == "flood") return w.summary;
  }
  ADD_FAILURE() << "no window 'flood'";
  return s;
}

int SideNamed(const Scenario& scenario, const std::string& name) {
  for (size_t i = 0; i < scenario.sides.size(); ++i) {
    if (scenario.sides[i].name == name) return static_cast<int>(i);
  }
  ADD_FAILURE() << "no side " << name;
  return 0;
}

// Ten flows share the link: a fair share is (10 - 0.064) / 9 = 1.10 Mb/s
// for each of the nine that want more than the call's 0.064. CAKE gives
// the flood at most a quarter above that and the downloads at least 90% of
// their eight shares; the call, a sparse flow, loses nothing and waits far
// under the 5 ms target. The flood's own queue is held by BLUE (stepped up
// while it overflowed) near COBALT's target, where FQ-CoDel's CoDel lets it
// fill to the buffer. Measured (seed 1): CAKE flood 1.27 Mb/s, downloads
// 8.66, call 1.2 ms mean, flood's delay 5.4 ms; FQ-CoDel's flood 166 ms.
TEST(PresetFairnessUdp, CakeSharesTheLinkAndHoldsTheFloodsQueue) {
  const std::string json = testing::PresetText("teach-fairness-udp");
  const Scenario scenario = testing::ParseOrDie(json);
  const Summary cake = testing::RunSummary(json, SideNamed(scenario, "CAKE"));
  const Summary fq = testing::RunSummary(json, SideNamed(scenario, "FQ-CoDel"));
  const double share = (10 - 0.064) / 9;
  const Summary& c = Flood(cake);
  EXPECT_LT(testing::ClassOf(c, "udp").goodput_mbps, 1.25 * share);
  EXPECT_GT(testing::ClassOf(c, "tcp").goodput_mbps, 0.9 * 8 * share);
  const ClassSummary& voice = testing::ClassOf(c, "voice");
  ASSERT_TRUE(voice.loss_ratio.has_value());
  EXPECT_LT(*voice.loss_ratio, 0.001);
  ASSERT_TRUE(voice.delay.has_value());
  EXPECT_LT(voice.delay->mean_ms, 2.5);
  ASSERT_TRUE(testing::ClassOf(c, "udp").delay.has_value());
  EXPECT_LT(testing::ClassOf(c, "udp").delay->mean_ms, 3 * 5.0);
  EXPECT_GT(testing::ClassOf(Flood(fq), "udp").delay->mean_ms, 100.0);
}

}  // namespace
}  // namespace aqmlab
