// Invariants every baseline discipline (BLUE, PI, REM, AVQ, PID, SFC, CoDel,
// PIE, FQ-CoDel) must keep, checked the same way for each: a well-formed
// parameter table, refused changes leave everything as it was, counters
// that add up, p(t) in [0, 1], determinism, and ECN marks instead of drops.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "aqm/registry.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

class Baseline : public ::testing::TestWithParam<const char*> {
 protected:
  std::string Json(bool ecn) const {
    const std::string e = ecn ? "true" : "false";
    return std::string(R"({"duration_s": 20, "warmup_s": 5, "sample_interval_ms": 50,
      "bottleneck": {"ecn": )") + e + R"(},
      "groups": [{"kind": "tcp", "count": 50, "ecn": )" + e + R"(}],
      "sides": [{"aqm": ")" + GetParam() + R"("}]})";
  }
};

TEST_P(Baseline, ParameterTableIsWellFormed) {
  const AqmEntry* entry = FindAqm(GetParam());
  ASSERT_NE(entry, nullptr);
  const AqmDescriptor& d = entry->describe();
  EXPECT_EQ(d.name, GetParam());
  EXPECT_FALSE(d.label.empty());
  EXPECT_FALSE(d.source.empty());
  EXPECT_FALSE(d.summary.empty());
  for (const ParamSpec& p : d.params) {
    EXPECT_LT(p.min, p.max) << p.name;
    EXPECT_GE(p.default_value, p.min) << p.name;
    EXPECT_LE(p.default_value, p.max) << p.name;
    EXPECT_GT(p.step, 0) << p.name;
    EXPECT_FALSE(p.help.empty()) << p.name;
  }
  // The defaults (buffer fractions resolved) pass the discipline's own rules.
  EXPECT_TRUE(entry->check(LinkContext{}, {}).ok());
}

TEST_P(Baseline, RefusedChangesLeaveParametersAndStateUntouched) {
  testing::QueueHarness h(GetParam());
  QueueDisc& q = h.disc();
  for (int i = 0; i < 150; ++i) h.Arrive(i % 7);
  h.AtMillis(300);
  for (int i = 0; i < 20; ++i) h.Depart();
  const AqmDescriptor& d = q.descriptor();
  std::vector<double> before(d.signals.size()), after(d.signals.size());
  q.ReadSignals(before);
  const double p_before = q.probability();
  for (const ParamSpec& spec : d.params) {
    const double old = q.GetParam(spec.name);
    for (const double bad : {spec.min - 1, spec.max + 1, std::nan("")}) {
      EXPECT_FALSE(q.SetParam(spec.name, bad).ok()) << spec.name << " = " << bad;
      EXPECT_EQ(q.GetParam(spec.name), old) << spec.name;
    }
  }
  EXPECT_FALSE(q.SetParam("no_such_parameter", 1).ok());
  q.ReadSignals(after);
  EXPECT_EQ(before, after);
  EXPECT_EQ(q.probability(), p_before);
  h.ExpectBalanced();
}

TEST_P(Baseline, CountersAddUpAndProbabilityStaysInUnitInterval) {
  auto sim = testing::RunToEnd(testing::ParseOrDie(Json(false)));
  ASSERT_NE(sim, nullptr);
  const QueueDisc& q = sim->bottleneck().disc();
  const QueueCounters& c = q.counters();
  EXPECT_EQ(c.arrivals, c.departures + c.drops_total() + q.packets());
  EXPECT_GT(c.drops_total(), 0);
  for (const double p : testing::Column(*sim, "p")) {
    ASSERT_GE(p, 0.0);
    ASSERT_LE(p, 1.0);
  }
  for (const ParamSpec& spec : q.descriptor().params) {
    EXPECT_FALSE(std::isnan(q.GetParam(spec.name))) << spec.name;
  }
}

TEST_P(Baseline, SameSeedGivesIdenticalRuns) {
  const Scenario s = testing::ParseOrDie(Json(false));
  auto a = testing::RunToEnd(s);
  auto b = testing::RunToEnd(s);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(SummaryToJson(a->summary(), "x", GetParam()),
            SummaryToJson(b->summary(), "x", GetParam()));
  EXPECT_EQ(testing::Column(*a, "p"), testing::Column(*b, "p"));
}

TEST_P(Baseline, MarksInsteadOfDroppingWhenEcnIsOn) {
  const Summary s = testing::RunSummary(Json(true));
  EXPECT_GT(s.marks, 0);
  EXPECT_EQ(s.drops_early, 0);
  // The summary reports drops and marks apart and together.
  const double arrivals = static_cast<double>(s.arrivals);
  EXPECT_DOUBLE_EQ(s.mark_ratio, static_cast<double>(s.marks) / arrivals);
  EXPECT_DOUBLE_EQ(s.loss_ratio, static_cast<double>(s.drops_overflow + s.drops_forced) / arrivals);
  EXPECT_DOUBLE_EQ(s.signal_ratio, s.loss_ratio + s.mark_ratio);
  EXPECT_GT(s.signal_ratio, s.loss_ratio);
  // PIE drops ECN-capable packets once p >= 10%; not reached with 50 flows.
  EXPECT_EQ(s.drops_forced, 0);
}

INSTANTIATE_TEST_SUITE_P(All, Baseline,
                         ::testing::Values("blue", "pi", "rem", "avq", "pid", "sfc", "codel",
                                           "pie", "fq_codel"),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
}  // namespace aqmlab
