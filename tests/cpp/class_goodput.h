// A traffic class's goodput in a run summary, for tests that compare classes.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "metrics/summary.h"

namespace aqmlab::testing {

inline double ClassGoodput(const Summary& s, const std::string& name) {
  for (const ClassSummary& c : s.classes) {
    if (c.name == name) return c.goodput_mbps;
  }
  ADD_FAILURE() << "no class " << name;
  return 0;
}

}  // namespace aqmlab::testing
