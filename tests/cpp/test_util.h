// Shared helpers for the core's tests: run a scenario side to the end and
// read its summary or its metric columns.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "scenario/scenario.h"
#include "scenario/simulation.h"

namespace aqmlab::testing {

inline Scenario ParseOrDie(const std::string& json) {
  auto s = ParseScenario(json);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error());
  return s.ok() ? s.value() : Scenario{};
}

inline std::unique_ptr<Simulation> Build(const Scenario& scenario, int side = 0) {
  auto sim = Simulation::Create(scenario, side);
  EXPECT_TRUE(sim.ok()) << (sim.ok() ? "" : sim.error());
  return sim.ok() ? std::move(sim.value()) : nullptr;
}

// Runs one side to the scenario's end; samples are kept for column checks.
inline std::unique_ptr<Simulation> RunToEnd(const Scenario& scenario, int side = 0) {
  auto sim = Build(scenario, side);
  if (sim) sim->AdvanceTo(sim->end());
  return sim;
}

inline Summary RunSummary(const std::string& json, int side = 0) {
  auto sim = RunToEnd(ParseOrDie(json), side);
  return sim ? sim->summary() : Summary{};
}

// The samples of one metric column, by name (empty if absent).
inline std::vector<double> Column(const Simulation& sim, const std::string& name) {
  const auto& names = sim.metrics().columns();
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return sim.metrics().batch()[i];
  }
  return {};
}

// The summary of the class called `name` (a test failure if there is none).
inline const ClassSummary& ClassOf(const Summary& s, const std::string& name) {
  for (const ClassSummary& c : s.classes) {
    if (c.name == name) return c;
  }
  static const ClassSummary none;
  ADD_FAILURE() << "no class " << name;
  return none;
}

}  // namespace aqmlab::testing
