// The one check behind every list of refused scenarios (scenario_refusals.h):
// the parser refuses the text with exactly the listed message, naming the
// field and the allowed range.
#include "scenario_refusals.h"

#include <string>

#include "scenario/scenario.h"

namespace aqmlab::testing {
namespace {

TEST_P(ScenarioRefusals, NameTheFieldAndTheAllowedRange) {
  const Refusal& c = GetParam();
  const auto s = ParseScenario(c.json);
  ASSERT_FALSE(s.ok()) << c.json;
  const std::string expected = c.error;
  EXPECT_EQ(c.prefix ? s.error().substr(0, expected.size()) : s.error(), expected) << c.json;
}

}  // namespace
}  // namespace aqmlab::testing
