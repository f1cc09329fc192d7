// Sweep files (core-cpp/SWEEP.md): expansion of axes and seeds, and every
// kind of bad input named with its field and the allowed range.
#include <gtest/gtest.h>

#include <string>

#include "sim/problems.h"
#include "sweep/sweep_spec.h"

namespace aqmlab {
namespace {

const char* kBase = R"("base": {"duration_s": 4, "warmup_s": 1, "groups": [{"count": 3}],
                               "sides": [{"name": "RED", "aqm": "red"}, {"name": "PI", "aqm": "pi"}]})";

std::string Sweep(const std::string& rest) { return std::string("{") + kBase + ", " + rest + "}"; }

std::string ErrorOf(const std::string& text) {
  Result<SweepPlan> plan = ParseSweep(text);
  return plan.ok() ? "(parsed)" : plan.error();
}

TEST(SweepSpec, GridIsRowMajorOverAxesThenSeeds) {
  Result<SweepPlan> plan = ParseSweep(Sweep(R"("axes": [{"path": "groups[0].count", "values": [2, 8]},
      {"path": "bottleneck.buffer_pkts", "range": {"from": 50, "to": 150, "count": 3}}], "seeds": [7, 9])"));
  ASSERT_TRUE(plan.ok()) << plan.error();
  const SweepPlan& p = plan.value();
  EXPECT_EQ(p.point_count, 6);
  EXPECT_EQ(p.run_count, 12);
  EXPECT_EQ(p.side_names, (std::vector<std::string>{"RED", "PI"}));
  // Run 5: point 2 (count 2, buffer 150 -- the last axis varies fastest), seed 9.
  EXPECT_EQ(p.PointJson(p.PointOf(5)).dump(), R"({"groups[0].count":2,"bottleneck.buffer_pkts":150})");
  EXPECT_EQ(p.SeedOf(5), 9u);
  EXPECT_EQ(p.PointJson(3).dump(), R"({"groups[0].count":8,"bottleneck.buffer_pkts":50})");
  // The run's scenario carries the values and the seed.
  Result<std::string> sc = p.ScenarioJson(5);
  ASSERT_TRUE(sc.ok());
  EXPECT_NE(sc.value().find(R"("buffer_pkts":150)"), std::string::npos);
  EXPECT_NE(sc.value().find(R"("seed":9)"), std::string::npos);
}

TEST(SweepSpec, ZipPairsTheAxesAndSeedsCountFromOne) {
  Result<SweepPlan> plan = ParseSweep(Sweep(R"("axes": [{"path": "groups[0].count", "values": [2, 8, 20]},
      {"path": "sides[0].params.max_p", "values": [0.1, 0.2, 0.3]}], "zip": true, "seeds": 2)"));
  ASSERT_TRUE(plan.ok()) << plan.error();
  EXPECT_EQ(plan.value().point_count, 3);
  EXPECT_EQ(plan.value().seeds, (std::vector<uint64_t>{1, 2}));
  EXPECT_EQ(plan.value().PointJson(2).dump(), R"({"groups[0].count":20,"sides[0].params.max_p":0.3})");
}

TEST(SweepSpec, EverySideGetsAWildcardValue) {
  Result<SweepPlan> plan = ParseSweep(Sweep(R"("axes": [{"path": "sides[*].aqm", "values": ["codel", "pie"]}])"));
  ASSERT_TRUE(plan.ok()) << plan.error();
  const std::string sc = plan.value().ScenarioJson(1).value();
  size_t first = sc.find(R"("aqm":"pie")");
  ASSERT_NE(first, std::string::npos);
  EXPECT_NE(sc.find(R"("aqm":"pie")", first + 1), std::string::npos);
}

TEST(SweepSpec, RangesLinearAndLogWithCountOrStep) {
  auto values = [](const std::string& range) {
    Result<SweepPlan> plan = ParseSweep(Sweep(R"("axes": [{"path": "bottleneck.capacity_mbps", "range": )" + range + "}]"));
    EXPECT_TRUE(plan.ok()) << plan.error();
    return plan.ok() ? nlohmann::ordered_json(plan.value().axes[0].values).dump() : std::string();
  };
  EXPECT_EQ(values(R"({"from": 1, "to": 1000, "count": 4, "scale": "log"})"), "[1,10,100,1000]");
  EXPECT_EQ(values(R"({"from": 10, "to": 40, "step": 10})"), "[10,20,30,40]");
  EXPECT_EQ(values(R"({"from": 10, "to": 45, "step": 10})"), "[10,20,30,40]");
  EXPECT_EQ(values(R"({"from": 2, "to": 50, "step": 5, "scale": "log"})"), "[2,10,50]");
  EXPECT_EQ(values(R"({"from": 1, "to": 2, "count": 3})"), "[1,1.5,2]");
}

TEST(SweepSpec, AShippedPresetIsABase) {
  Result<SweepPlan> plan = ParseSweep(R"({"base": "lred-exp1", "axes": [{"path": "duration_s", "values": [20]}]})");
  ASSERT_TRUE(plan.ok()) << plan.error();
  EXPECT_EQ(plan.value().side_names.size(), 3u);
  EXPECT_EQ(plan.value().side_names[0], "LRED q0=100");
}

TEST(SweepSpec, BadInputNamesTheFieldAndTheRange) {
  // Each problem of the file at once, one per line.
  EXPECT_EQ(ErrorOf(R"({"axes": []})"),
            "base: is required (a scenario object or a shipped preset's name)\naxes: must have at least one axis");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [], "extra": 1)")),
            "extra: unknown field (allowed: axes, base, metrics, seeds, windows, zip)\naxes: must have at least one axis");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [])")), "axes: must have at least one axis");
  EXPECT_NE(ErrorOf(R"({"base": "no-such", "axes": []})").find(R"(base: "no-such" is no shipped preset (one of )"),
            std::string::npos);
  EXPECT_EQ(ErrorOf(R"({"base": {"duration_s": -1}, "axes": []})").rfind("base.duration_s: must be in", 0), 0u);
  // An axis naming no field, an index past the end, a malformed path.
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "bottleneck.bufer_pkts", "values": [1]}])")),
            R"(axes (path "bottleneck.bufer_pkts"): bottleneck.bufer_pkts names no field of the scenario)");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[3].count", "values": [1]}])")),
            R"(axes (path "groups[3].count"): groups[3] names no entry (groups has 1))");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[x].count", "values": [1]}])")),
            R"(axes (path "groups[x].count"): "groups[x].count": an index must be [n] (n = 0, 1, ...) or [*])");
  // A value the scenario refuses: the point and the scenario's own message.
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "values": [2, -5]}])")).rfind(
                "axes: at groups[0].count = -5: groups[0].count: must be in [", 0),
            0u);
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "range": {"from": 1, "to": 9}}])")),
            "axes[0].range.count: give exactly one of count and step");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "range": {"from": 0, "to": 9, "count": 3,
            "scale": "log"}}])")), "axes[0].range.from: must be > 0 on a log scale");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "values": [1, 2]},
            {"path": "bottleneck.buffer_pkts", "values": [100]}], "zip": true)")),
            "axes: zipped axes must have as many values each (groups[0].count has 2, bottleneck.buffer_pkts has 1)");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "values": [1]}], "seeds": 0)")),
            "seeds: must be in [1, 10000], got 0");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "values": [1]}], "seeds": [3, 3])")),
            "seeds[1]: repeats 3");
  const std::string metric = ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "values": [1]}],
                                             "metrics": ["mean_queue_pkts", "queue"])"));
  EXPECT_EQ(metric.rfind(R"(metrics[1]: "queue" is no summary metric (one of measured_s, mean_queue_pkts,)", 0), 0u)
      << metric;
}

TEST(SweepSpec, AGridOfMoreThan100000RunsIsRefusedWithItsCount) {
  const std::string big = Sweep(R"("axes": [{"path": "groups[0].count", "range": {"from": 1, "to": 1000, "count": 1000}},
      {"path": "bottleneck.buffer_pkts", "range": {"from": 10, "to": 1000, "count": 101}}], "seeds": 2)");
  EXPECT_EQ(ErrorOf(big),
            "axes: the sweep has 202000 runs (101000 points x 2 seeds), more than the 100000 a sweep may have");
  // Exactly the limit is fine (checked without running: 100000 points' scenarios).
  Result<SweepPlan> ok = ParseSweep(Sweep(R"("axes": [{"path": "groups[0].count", "range": {"from": 1, "to": 1000,
      "count": 1000}}], "seeds": 100)"));
  ASSERT_TRUE(ok.ok()) << ok.error();
  EXPECT_EQ(ok.value().run_count, 100000);
}

}  // namespace
}  // namespace aqmlab

namespace aqmlab {
namespace {

TEST(SweepSpec, AxesThatWouldNotVaryTheRunsAreRefused) {
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "seed", "values": [1, 2]}])")),
            R"(axes[0].path: "seed" cannot be an axis (the runs' seeds come from the sweep's "seeds"))");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[*].count", "values": [1, 2]},
            {"path": "groups[0].count", "values": [3]}])")),
            R"(axes[1].path: "groups[0].count" sets groups[0].count, which axes[0] ("groups[*].count") sets too)");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "values": [1, 2]},
            {"path": "groups[00].count", "values": [3]}])")),
            R"(axes[1].path: "groups[00].count" sets groups[0].count, which axes[0] ("groups[0].count") sets too)");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "values": [4, 5, 5.0]}])")),
            "axes[0].values[2]: repeats 5 (axes[0].values[1])");
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "range": {"from": 5, "to": 5, "count": 3}}])")),
            "axes[0].range: gives 5 more than once (values 0 and 1)");
  // Different fields of one entry, or one field of different entries, are fine.
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "sides[0].params.max_p", "values": [0.1, 0.2]},
            {"path": "sides[1].params.qref", "values": [50, 100]}, {"path": "groups[0].count", "values": [3]}])")),
            "(parsed)");
}

TEST(SweepSpec, SeedsAreReadExactlyAsAScenarioSeed) {
  // 2^53 + 1 would round to 2^53 through a double.
  EXPECT_EQ(ErrorOf(Sweep(R"("axes": [{"path": "groups[0].count", "values": [1]}], "seeds": [9007199254740993])")),
            "seeds[0]: must be in [0, 9007199254740992], got 9007199254740993");
  Result<SweepPlan> plan =
      ParseSweep(Sweep(R"("axes": [{"path": "groups[0].count", "values": [1]}], "seeds": [9007199254740992, 1e3])"));
  ASSERT_TRUE(plan.ok()) << plan.error();
  EXPECT_EQ(plan.value().seeds, (std::vector<uint64_t>{9007199254740992ull, 1000}));
}

TEST(SweepSpec, NameLimitsCountCharactersNotBytes) {
  std::string clefs;
  for (int i = 0; i < 40; ++i) clefs += "\xF0\x9D\x84\x9E";  // U+1D11E, four bytes
  const std::string base = R"({"base": {"sides": [{"name": ")";
  const std::string rest = R"(", "aqm": "red"}]}, "axes": [{"path": "bottleneck.buffer_pkts", "values": [100]}]})";
  EXPECT_EQ(ErrorOf(base + clefs + rest), "(parsed)");
  EXPECT_EQ(ErrorOf(base + clefs + "x" + rest), "base.sides[0].name: must be at most 40 characters, got 41");
}

// Every mistake in a sweep file at once, the base scenario's under "base.".
TEST(SweepSpec, EveryProblemIsReportedTogether) {
  const std::string text = R"({"base": {"duration_s": -1, "groups": [{"count": -3}]},
      "axes": [{"values": [1, 2]}, {"path": "bottleneck.buffer_pkts", "values": [10, 10]}],
      "seeds": [1, 1], "bogus": true})";
  EXPECT_EQ(ProblemLines(ErrorOf(text)),
            (std::vector<std::string>{
                "bogus: unknown field (allowed: axes, base, metrics, seeds, windows, zip)",
                "base.duration_s: must be in [0.1, 86400], got -1",
                "base.groups[0].count: must be in [0, 20000], got -3",
                "axes[0].path: is required",
                "axes[1].values[1]: repeats 10 (axes[1].values[0])",
                "seeds[1]: repeats 1",
            }));
}

}  // namespace
}  // namespace aqmlab
