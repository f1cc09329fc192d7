// A mid-run switch between disciplines built on RED's average hands the
// running state on (switch_to.keep_state, on by default): AutoRED's paper
// runs RED or ARED for 11 s and then changes only how that running queue's
// weight is computed, so its average does not restart from zero.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "aqm/ared/ared_queue.h"
#include "aqm/autored/autored_queue.h"
#include "aqm/sred/sred_queue.h"
#include "scenario/scenario.h"
#include "test_util.h"

namespace aqmlab {
namespace {

constexpr const char* kRed = R"("wq": 0.0004, "min_th": 40, "max_th": 120, "max_p": 0.02)";

// 100 flows over a 240-packet buffer: a standing queue of a hundred or so
// packets by 11.2 s, when every side but the first switches.
std::string Switching(const std::string& keep_state) {
  const std::string red = kRed;
  const std::string to = keep_state.empty() ? "" : R"(, "keep_state": )" + keep_state;
  return R"({"duration_s": 12, "warmup_s": 0,
    "bottleneck": {"buffer_pkts": 240, "packet_bytes": 1500},
    "groups": [{"count": 100, "rtt_ms": {"min": 40, "max": 580}}],
    "sides": [
      {"aqm": "red", "params": {)" + red + R"(}},
      {"aqm": "red", "params": {)" + red + R"(},
       "switch_to": {"at_s": 11.2, "aqm": "autored", "params": {"base": 0, )" + red + "}" + to + R"(}},
      {"aqm": "ared", "params": {)" + red + R"(},
       "switch_to": {"at_s": 11.2, "aqm": "autored", "params": {"base": 1, )" + red + "}" + to + R"(}},
      {"aqm": "red", "params": {)" + red + R"(},
       "switch_to": {"at_s": 11.2, "aqm": "ared", "params": {)" + red + "}" + to + R"(}},
      {"aqm": "ared", "params": {)" + red + R"(},
       "switch_to": {"at_s": 11.2, "aqm": "sred", "params": {)" + red + "}" + to + R"(}},
      {"aqm": "red", "params": {)" + red + R"(},
       "switch_to": {"at_s": 11.2, "aqm": "pie"}}]})";
}

// Not on one of ARED's 0.5 s ticks, so that nothing but the switch happens
// between the two runs compared.
const Time kSwitchAt = Time::Millis(11200);

// Side `side` run to just before its switch and to just after it.
struct AroundSwitch {
  std::unique_ptr<Simulation> before, after;
  AroundSwitch(const Scenario& s, int side)
      : before(testing::Build(s, side)), after(testing::Build(s, side)) {
    before->AdvanceTo(kSwitchAt - Time::Nanos(1));
    after->AdvanceTo(kSwitchAt);
  }
  red::Handover old_state() const {
    return dynamic_cast<const red::Handover&>(*before->bottleneck().disc().running_state());
  }
  const QueueDisc& now() const { return after->bottleneck().disc(); }
};

TEST(ScenarioSwitchState, TheAverageAndCountGoOnAcrossTheSwitchByDefault) {
  const Scenario s = testing::ParseOrDie(Switching(""));
  ASSERT_TRUE(s.sides[1].switch_to && s.sides[1].switch_to->keep_state);
  const AroundSwitch sw(s, 1);
  const red::Handover red = sw.old_state();
  ASSERT_EQ(sw.now().descriptor().name, "autored");
  EXPECT_GT(red.avg, 40);  // a standing queue, past min_th
  const auto& autored = dynamic_cast<const AutoRedQueue&>(sw.now());
  EXPECT_EQ(autored.state().red.avg, red.avg);
  EXPECT_EQ(autored.state().red.count, red.count);
  // The history is AutoRED's own: empty, so the weight is still the base's wq.
  EXPECT_EQ(autored.state().history.at_or_above + autored.state().history.below, 0);
  EXPECT_EQ(autored.state().w, 0.0004);

  // In the series: the sample at 11.2 s is RED's (the switch acts after it),
  // the next AutoRED's, and the average barely moves between them.
  auto run = testing::RunToEnd(s, 1);
  const auto t = testing::Column(*run, "t");
  const auto avg = testing::Column(*run, "aqm.avg");
  for (size_t i = 1; i < t.size(); ++i) {
    if (t[i - 1] > 11.199 && t[i - 1] < 11.201) {
      EXPECT_NEAR(avg[i], avg[i - 1], 0.02 * avg[i - 1]) << t[i];
    }
  }
}

TEST(ScenarioSwitchState, WithoutKeepStateTheNewDisciplineStartsFromZero) {
  const Scenario s = testing::ParseOrDie(Switching("false"));
  const AroundSwitch sw(s, 1);
  EXPECT_GT(sw.old_state().avg, 40);
  const auto& autored = dynamic_cast<const AutoRedQueue&>(sw.now());
  EXPECT_EQ(autored.state().red.avg, 0);
  EXPECT_EQ(autored.state().red.count, -1);
  // The round trip keeps the choice.
  EXPECT_FALSE(testing::ParseOrDie(ScenarioToJson(s)).sides[1].switch_to->keep_state);
}

TEST(ScenarioSwitchState, AnAdaptedMaxPCarriesOnlyBetweenDisciplinesThatAdaptIt) {
  const Scenario s = testing::ParseOrDie(Switching(""));
  {  // ARED -> AutoRED over ARED: the adapted max_p goes on.
    const AroundSwitch sw(s, 2);
    const red::Handover ared = sw.old_state();
    ASSERT_FALSE(std::isnan(ared.adapted_max_p));
    EXPECT_NE(ared.adapted_max_p, 0.02);  // 22 adaptations moved it
    const auto& autored = dynamic_cast<const AutoRedQueue&>(sw.now());
    EXPECT_EQ(autored.state().red.avg, ared.avg);
    EXPECT_EQ(autored.state().max_p, ared.adapted_max_p);
  }
  {  // RED -> ARED: RED's max_p is a parameter; ARED adapts from its own.
    const AroundSwitch sw(s, 3);
    EXPECT_TRUE(std::isnan(sw.old_state().adapted_max_p));
    const auto& ared = dynamic_cast<const AredQueue&>(sw.now());
    EXPECT_EQ(ared.state().red.avg, sw.old_state().avg);
    EXPECT_EQ(ared.state().max_p, 0.02);
  }
  {  // ARED -> self-configuring RED: the adapted max_p, and the region of the average.
    const AroundSwitch sw(s, 4);
    const red::Handover ared = sw.old_state();
    const auto& sred = dynamic_cast<const SredQueue&>(sw.now());
    EXPECT_EQ(sred.state().red.avg, ared.avg);
    EXPECT_EQ(sred.state().max_p, std::max(ared.adapted_max_p, sred::kMinMaxP));
    EXPECT_EQ(sred.state().region, sred::RegionOf(ared.avg, 40, 120));
  }
}

TEST(ScenarioSwitchState, NothingCarriesToADisciplineWithoutRedsAverage) {
  const Scenario s = testing::ParseOrDie(Switching(""));
  const AroundSwitch sw(s, 5);
  EXPECT_EQ(sw.now().descriptor().name, "pie");
  EXPECT_EQ(sw.now().running_state(), nullptr);
  // The queue itself is kept, as for every switch.
  EXPECT_EQ(sw.now().packets(), sw.before->bottleneck().disc().packets());
}

}  // namespace
}  // namespace aqmlab
