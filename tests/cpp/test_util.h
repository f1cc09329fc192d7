// Shared helpers for the core's tests: run a scenario side to the end and
// read its summary or its metric columns.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "metrics/summary_json.h"
#include "scenario/scenario.h"
#include "run/simulation.h"

namespace aqmlab::testing {

// The text of a shipped preset, public/presets/<id>.json (empty if missing).
inline std::string PresetText(const std::string& id) {
  std::string path = AQMLAB_SOURCE_DIR;
  path.append("/public/presets/").append(id).append(".json");
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// `text` with every `from` replaced by `to` (a preset's seed, sender or
// field changed for a variant of it); a `from` it lacks fails the test.
inline std::string Replaced(std::string text, const std::string& from, const std::string& to) {
  EXPECT_NE(text.find(from), std::string::npos) << "no " << from;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

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

// The long-lived TCP flows' counters, summed over every flow: the senders'
// and the receivers' duplicate segments.
struct TcpTotals {
  int64_t segments = 0, retransmits = 0, fast_retransmits = 0, timeouts = 0;
  int64_t ecn_reductions = 0, duplicates = 0;
};

inline TcpTotals SumTcp(const Simulation& sim) {
  TcpTotals t;
  for (size_t k = 0; k < sim.flow_count(); ++k) {
    const TcpStats& st = sim.source(k).stats();
    t.segments += st.segments_sent;
    t.retransmits += st.retransmits;
    t.fast_retransmits += st.fast_retransmits;
    t.timeouts += st.timeouts;
    t.ecn_reductions += st.ecn_reductions;
    t.duplicates += sim.sink(k).stats().duplicate_segments;
  }
  return t;
}

// Runs a fresh `sim` to its end; the counters over the part measured after
// the warm-up.
inline TcpTotals TcpTotalsAfterWarmup(Simulation& sim, double warmup_s) {
  EXPECT_TRUE(sim.AdvanceTo(Time::Seconds(warmup_s)).ok());
  const TcpTotals a = SumTcp(sim);
  EXPECT_TRUE(sim.AdvanceTo(sim.end()).ok());
  const TcpTotals b = SumTcp(sim);
  return {b.segments - a.segments, b.retransmits - a.retransmits,
          b.fast_retransmits - a.fast_retransmits, b.timeouts - a.timeouts,
          b.ecn_reductions - a.ecn_reductions, b.duplicates - a.duplicates};
}

// Two batches hold the same samples, bit for bit (NaN included).
inline bool BitIdentical(const ColumnBatch& a, const ColumnBatch& b) {
  if (a.size() != b.size() || a.rows() != b.rows()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::memcmp(a[i].data(), b[i].data(), a[i].size() * sizeof(double)) != 0) return false;
  }
  return true;
}

// The samples of one metric column, by name (empty if absent).
inline std::vector<double> Column(const Simulation& sim, const std::string& name) {
  const auto& names = sim.metrics().columns();
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) {
      const auto column = sim.metrics().batch()[i];
      return {column.begin(), column.end()};
    }
  }
  return {};
}

// The summary of the class called `name` (a test failure if there is none).
// Mean of `column` over the samples with from < t <= to (0 when there are none).
inline double MeanOver(const Simulation& sim, const std::string& column, double from, double to) {
  const auto t = Column(sim, "t");
  const auto v = Column(sim, column);
  double sum = 0;
  int n = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] > from && t[i] <= to) {
      sum += v[i];
      ++n;
    }
  }
  return n > 0 ? sum / n : 0;
}

// The summary of the queue called `name` of a discipline with several (a
// test failure if there is none).
inline const QueueSummary& QueueOf(const Summary& s, const std::string& name) {
  for (const QueueSummary& q : s.queues) {
    if (q.name == name) return q;
  }
  static const QueueSummary none;
  ADD_FAILURE() << "no queue " << name;
  return none;
}

inline const ClassSummary& ClassOf(const Summary& s, const std::string& name) {
  for (const ClassSummary& c : s.classes) {
    if (c.name == name) return c;
  }
  static const ClassSummary none;
  ADD_FAILURE() << "no class " << name;
  return none;
}

}  // namespace aqmlab::testing
