#include <gtest/gtest.h>
#include "scenario/simulation.h"
TEST(Smoke, Builds) { EXPECT_TRUE(aqmlab::ParseScenario("{}").ok()); }
