// The scenario files the parser must refuse, and the message it must give,
// as value-parameterised tests. A test file lists its cases with
//   using testing::Refusal;
//   using testing::ScenarioRefusals;
//   INSTANTIATE_TEST_SUITE_P(Groups, ScenarioRefusals,
//       ::testing::Values(Refusal{R"({...})", "groups[0].kind: ..."}, ...));
// and the one check (scenario/scenario_refusals_test.cc) runs on every list.
#pragma once

#include <gtest/gtest.h>

namespace aqmlab::testing {

struct Refusal {
  const char* json;
  const char* error;
  // Only the start of the message must match (a list of names may follow).
  bool prefix = false;
};

class ScenarioRefusals : public ::testing::TestWithParam<Refusal> {};

}  // namespace aqmlab::testing
