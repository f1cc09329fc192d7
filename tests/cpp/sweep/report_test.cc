// Sweep results and their report: Student-t intervals against the closed
// form, reading interrupted files, merging, and intervals narrowing as the
// seeds grow on real runs.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sweep/sweep_report.h"
#include "sweep/sweep_results.h"
#include "sweep/sweep_run.h"
#include "sweep/sweep_spec.h"

namespace aqmlab {
namespace {

TEST(SweepReport, StudentTIntervalMatchesTheClosedForm) {
  // 1..5: mean 3, s.d. sqrt(2.5); t(0.975, 4) = 2.776445105 (standard tables).
  const MetricStats s = StatsOf({1, 2, 3, 4, 5});
  EXPECT_EQ(s.n, 5);
  EXPECT_DOUBLE_EQ(s.mean, 3.0);
  EXPECT_DOUBLE_EQ(s.sd, std::sqrt(2.5));
  const double half = 2.776445105 * std::sqrt(2.5) / std::sqrt(5.0);
  EXPECT_NEAR(s.ci_low, 3.0 - half, 1e-8);
  EXPECT_NEAR(s.ci_high, 3.0 + half, 1e-8);
  // Two values: t(0.975, 1) = 12.70620474.
  const MetricStats two = StatsOf({10, 12});
  EXPECT_NEAR(two.ci_high - two.mean, 12.70620474 * std::sqrt(2.0) / std::sqrt(2.0), 1e-7);
}

TEST(SweepReport, UndefinedFiguresAreNaN) {
  const MetricStats one = StatsOf({4});
  EXPECT_EQ(one.n, 1);
  EXPECT_EQ(one.mean, 4);
  EXPECT_TRUE(std::isnan(one.sd) && std::isnan(one.ci_low) && std::isnan(one.ci_high));
  EXPECT_TRUE(std::isnan(StatsOf({}).mean));
}

TEST(SweepReport, MeansAndSpreadsSurviveASumThatOverflows) {
  // The sum of these is above the largest double; their mean is not.
  const MetricStats s = StatsOf({1.5e308, 1.7e308});
  EXPECT_DOUBLE_EQ(s.mean, 1.6e308);
  EXPECT_NEAR(s.sd / (0.2e308 / std::sqrt(2.0)), 1.0, 1e-12);
  EXPECT_TRUE(std::isfinite(s.ci_low));
  const MetricStats same = StatsOf({1e308, 1e308, 1e308});
  EXPECT_DOUBLE_EQ(same.mean, 1e308);
  EXPECT_EQ(same.sd, 0.0);
  // Squares that overflow although the values do not: -1e200 and 1e200.
  const MetricStats wide = StatsOf({-1e200, 1e200});
  EXPECT_EQ(wide.mean, 0.0);
  EXPECT_NEAR(wide.sd / (std::sqrt(2.0) * 1e200), 1.0, 1e-12);
}

std::string Line(int run, int side, double q, const std::string& extra = "") {
  return R"({"run":)" + std::to_string(run) + R"(,"seed":)" + std::to_string(run + 1) +
         R"(,"point":{"x":1},"side_index":)" + std::to_string(side) + R"(,"side":"S)" + std::to_string(side) +
         R"(","aqm":"red","summary":{"mean_queue_pkts":)" + std::to_string(q) + extra + "}}";
}

TEST(SweepResults, APartialLastLineIsDroppedAndReported) {
  const std::string good = Line(0, 0, 1) + "\n" + Line(1, 0, 2) + "\n";
  Result<ParsedResults> cut = ParseResults(good + Line(2, 0, 3).substr(0, 30), "r.jsonl");
  ASSERT_TRUE(cut.ok()) << cut.error();
  EXPECT_EQ(cut.value().lines.size(), 2u);
  EXPECT_EQ(cut.value().good_bytes, good.size());
  EXPECT_EQ(cut.value().dropped, "r.jsonl line 3 (30 bytes, cut short (no end of line))");
  // A whole last line that is not a result is dropped as well...
  Result<ParsedResults> junk = ParseResults(good + "{\"run\":\n", "r.jsonl");
  ASSERT_TRUE(junk.ok());
  EXPECT_EQ(junk.value().dropped, "r.jsonl line 3 (7 bytes, not a JSON object)");
  // ...but a bad line before the end loses nothing silently: an error.
  Result<ParsedResults> middle = ParseResults(Line(0, 0, 1) + "\nnot json\n" + Line(1, 0, 2) + "\n", "r.jsonl");
  ASSERT_FALSE(middle.ok());
  EXPECT_EQ(middle.error(), "r.jsonl line 2: not a JSON object");
  Result<ParsedResults> no_summary = ParseResults(R"({"run":0,"seed":1,"point":{},"side_index":0})" "\n\n", "r");
  ASSERT_FALSE(no_summary.ok());
  EXPECT_EQ(no_summary.error(), "r line 1: must have a summary object or an error text");
}

TEST(SweepResults, SortKeepsOneOfIdenticalLinesAndRefusesConflicts) {
  std::vector<ResultLine> lines =
      ParseResults(Line(1, 1, 5) + "\n" + Line(0, 0, 1) + "\n" + Line(1, 0, 4) + "\n" + Line(0, 0, 1) + "\n", "a")
          .value()
          .lines;
  ASSERT_TRUE(SortResults(lines).ok());
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].run * 10 + lines[0].side_index, 0);
  EXPECT_EQ(lines[1].run * 10 + lines[1].side_index, 10);
  EXPECT_EQ(lines[2].run * 10 + lines[2].side_index, 11);
  std::vector<ResultLine> clash = ParseResults(Line(0, 0, 1) + "\n" + Line(0, 0, 2) + "\n", "b").value().lines;
  EXPECT_EQ(SortResults(clash).error, "run 0, side 0 has two different results (b line 1 and b line 2)");
}

TEST(SweepReport, RowsPerPointAndSideWithFlattenedMetrics) {
  const std::string classes = R"(,"classes":[{"name":"web","goodput_mbps":2}],"response_time_s":null)";
  std::vector<ResultLine> lines =
      ParseResults(Line(0, 0, 1, classes) + "\n" + Line(1, 0, 3, classes) + "\n" + Line(0, 1, 7) + "\n", "a")
          .value()
          .lines;
  ASSERT_TRUE(SortResults(lines).ok());
  const std::vector<ReportRow> rows = BuildReport(lines).value();
  ASSERT_EQ(rows.size(), 2u);  // one point, two sides
  EXPECT_EQ(rows[0].side, "S0");
  EXPECT_EQ(rows[0].runs, 2);
  ASSERT_EQ(rows[0].metrics.size(), 3u);
  EXPECT_EQ(rows[0].metrics[0].first, "mean_queue_pkts");
  EXPECT_EQ(rows[0].metrics[0].second.mean, 2);
  EXPECT_EQ(rows[0].metrics[1].first, "classes.web.goodput_mbps");
  EXPECT_EQ(rows[0].metrics[2].first, "response_time_s");
  EXPECT_EQ(rows[0].metrics[2].second.n, 0);
  EXPECT_EQ(ReportRowText(rows[1]),
            R"({"point":{"x":1},"side":"S1","aqm":"red","runs":1,"failed":0,"metrics":{"mean_queue_pkts":)"
            R"({"n":1,"mean":7.0,"sd":null,"ci_low":null,"ci_high":null}}})");
}

TEST(SweepReport, APointSeenAgainAfterAnotherIsRefused) {
  // The report streams a point at a time; a point's runs are neighbours in
  // one sweep, so one coming back means two sweeps' lines were mixed.
  auto at = [](int run, int x) {
    return R"({"run":)" + std::to_string(run) + R"(,"seed":1,"point":{"x":)" + std::to_string(x) +
           R"(},"side_index":0,"summary":{"m":1}})";
  };
  std::vector<ResultLine> lines = ParseResults(at(0, 1) + "\n" + at(1, 2) + "\n" + at(2, 1) + "\n", "r").value().lines;
  ASSERT_TRUE(SortResults(lines).ok());
  EXPECT_EQ(BuildReport(lines).error(),
            R"(r line 3: run 2 has point {"x":1} again, after other points (a report is of one sweep's results))");
}

TEST(SweepResults, AByteOrderMarkIsSkippedAtTheStartAndRefusedInside) {
  const std::string bom = "\xEF\xBB\xBF";
  Result<ParsedResults> start = ParseResults(bom + Line(0, 0, 1) + "\n" + Line(1, 0, 2) + "\n", "r");
  ASSERT_TRUE(start.ok()) << start.error();
  EXPECT_EQ(start.value().lines.at(0).text, Line(0, 0, 1));
  Result<ParsedResults> inside = ParseResults(Line(0, 0, 1) + "\n" + bom + Line(1, 0, 2) + "\n" + Line(2, 0, 3) + "\n", "r");
  EXPECT_EQ(inside.error(), "r line 2: a byte-order mark inside the file (only its start may have one)");
}

TEST(SweepResults, AnObjectWithMoreThan1000KeysIsRefused) {
  std::string keys;
  for (int k = 0; k <= 1000; ++k) keys += (k ? ",\"k" : "\"k") + std::to_string(k) + "\":1";
  ResultLine line;
  const std::string wide = R"({"run":0,"seed":1,"point":{},"side_index":0,"summary":{)" + keys + "}}";
  EXPECT_EQ(ParseResultLine(wide, line), "an object with more than 1000 keys (a result line's objects have at most 1000)");
  const std::string fits = R"({"run":0,"seed":1,"point":{},"side_index":0,"summary":{)" + keys.substr(keys.find(',') + 1) + "}}";
  EXPECT_EQ(ParseResultLine(fits, line), "");
  EXPECT_EQ(line.json["summary"].size(), 1000u);
}

// The 95% interval of real runs narrows as seeds are added: the t quantile
// and 1/sqrt(n) both fall (from 3 to 12 seeds the half-width shrinks about
// fourfold unless the spread itself quadruples).
TEST(SweepReport, IntervalsNarrowWithMoreSeeds) {
  auto width = [](int seeds) {
    Result<SweepPlan> plan = ParseSweep(
        R"({"base": {"duration_s": 6, "warmup_s": 1, "groups": [{"count": 10, "rtt_spread": "random", "start": "staggered"}],
                     "sides": [{"aqm": "red"}]},
            "axes": [{"path": "bottleneck.buffer_pkts", "values": [60]}], "seeds": )" +
        std::to_string(seeds) + R"(, "metrics": ["mean_queue_pkts"]})");
    EXPECT_TRUE(plan.ok()) << plan.error();
    std::string text;
    for (int64_t r = 0; r < plan.value().run_count; ++r) text += RunSweepLines(plan.value(), r);
    std::vector<ResultLine> lines = ParseResults(text, "r").value().lines;
    const MetricStats s = BuildReport(lines).value().at(0).metrics.at(0).second;
    EXPECT_EQ(s.n, seeds);
    EXPECT_GT(s.sd, 0) << "the seeds must change the run";
    return s.ci_high - s.ci_low;
  };
  const double w3 = width(3), w12 = width(12);
  EXPECT_LT(w12, w3 / 2) << "3 seeds: " << w3 << ", 12 seeds: " << w12;
}

// The sweep's windows are set on every run: the result lines carry the
// per-window summaries, and the report names their figures by path.
TEST(SweepReport, WindowsReachEveryRunAndTheReport) {
  Result<SweepPlan> plan = ParseSweep(
      R"({"base": {"duration_s": 8, "warmup_s": 1, "groups": [{"count": 5}], "sides": [{"aqm": "red"}]},
          "axes": [{"path": "groups[0].count", "values": [5]}], "seeds": 2,
          "metrics": ["mean_queue_pkts", "windows"],
          "windows": [{"name": "early", "from_s": 1, "to_s": 4}, {"name": "late", "from_s": 4, "to_s": 8}]})");
  ASSERT_TRUE(plan.ok()) << plan.error();
  std::string text = RunSweepLines(plan.value(), 0) + RunSweepLines(plan.value(), 1);
  std::vector<ResultLine> lines = ParseResults(text, "r").value().lines;
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].json["summary"]["windows"]["late"]["to_s"], 8.0);
  const ReportRow row = BuildReport(lines).value().at(0);
  bool found = false;
  for (const auto& [name, stats] : row.metrics) {
    if (name == "windows.late.mean_queue_pkts") found = stats.n == 2;
  }
  EXPECT_TRUE(found);
  // A bad window is named as such, once, before any point.
  Result<SweepPlan> bad = ParseSweep(
      R"({"base": {"duration_s": 8, "warmup_s": 1}, "axes": [{"path": "bottleneck.buffer_pkts", "values": [100]}],
          "windows": [{"name": "w", "from_s": 1, "to_s": 9}]})");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "windows[0].to_s: must be in [0, 8], got 9");
}

}  // namespace
}  // namespace aqmlab
