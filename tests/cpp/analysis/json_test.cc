// Model files (analysis/analysis_json.h, core-cpp/ANALYSIS.md): each part
// read with its defaults and ranges, drop curves of every form, and errors
// that name the field.
#include <gtest/gtest.h>

#include "analysis/analysis_json.h"
#include "aqm/red/red_theory.h"
#include "sim/problems.h"

namespace aqmlab::analysis {
namespace {

Json Analyze(const std::string& text) { return AnalyzeModel(Json::parse(text)); }

TEST(AnalysisJson, DropCurvesOfEveryForm) {
  auto linear = ReadChainModel(Json::parse(R"({"sources":[{"poisson":5}],"capacity_pkts":10,
      "drop_curve":{"kind":"linear","threshold":6}})"), "chain");
  ASSERT_TRUE(linear.ok()) << linear.error();
  EXPECT_EQ(linear.value().drop, LinearDropCurve(10, 6));
  auto red = ReadChainModel(Json::parse(R"({"sources":[{"poisson":5}],"capacity_pkts":40,
      "drop_curve":{"kind":"red","min_th":5,"max_th":15,"max_p":0.2,"gentle":false}})"), "chain");
  ASSERT_TRUE(red.ok()) << red.error();
  const ParamValues p{{"min_th", 5}, {"max_th", 15}, {"max_p", 0.2}, {"gentle", 0}};
  for (int b = 0; b < 40; ++b) EXPECT_DOUBLE_EQ(red.value().drop[size_t(b)], aqmlab::red::CurveAt(p, b)) << b;
  EXPECT_DOUBLE_EQ(red.value().drop[20], 1.0);  // not gentle: all dropped above max_th
  auto listed = ReadChainModel(Json::parse(R"({"sources":[{"poisson":5,"count":3}],"capacity_pkts":2,
      "drop_curve":[0,0.5]})"), "chain");
  ASSERT_TRUE(listed.ok()) << listed.error();
  EXPECT_EQ(listed.value().drop, (std::vector<double>{0, 0.5}));
  EXPECT_EQ(listed.value().sources[0].count, 3);
  EXPECT_DOUBLE_EQ(listed.value().sources[0].lambda1, listed.value().sources[0].lambda2);
}

TEST(AnalysisJson, ErrorsNameTheField) {
  EXPECT_EQ(Analyze(R"({"chain":{"sources":[{"poisson":5}],"foo":1}})")["error"], "chain.foo: unknown field");
  EXPECT_EQ(Analyze(R"({"chain":{"sources":[{"poisson":5}],"capacity_pkts":4,"drop_curve":[0,0.5]}})")["error"],
            "chain.drop_curve: must hold capacity_pkts (4) values, F(0)..F(L-1)");
  EXPECT_EQ(Analyze(R"({"chain":{"capacity_pkts":4}})")["error"], "chain.sources: is required (1 to 64 entries)");
  EXPECT_EQ(Analyze(R"({"network":{"flows":10},"aqm":"pi","params":{"nope":1},"stability":{}})")["error"],
            "params.nope: no such parameter (known: a, b, freq_hz, qref)");
  EXPECT_EQ(Analyze(R"({"network":{"flows":10},"aqm":"pi","fluid":{"events":[{"at_s":1,"flows":-2}]}})")["error"],
            "fluid.events[0].flows: must be in [0, 1000000], got -2");
  EXPECT_EQ(Analyze(R"({"response_bounds":{"flows":[0]}})")["error"],
            "response_bounds.flows[0]: must be in [1, 1000000], got 0");
  EXPECT_EQ(Analyze(R"({"stability":{"x":1},"network":{}})")["error"], "stability: takes no fields ({})");
}

TEST(AnalysisJson, ParametersTakeTheirDefaultsForTheLink) {
  auto in = ReadFluidInput(Json::parse(R"({"network":{"flows":10,"buffer_pkts":400},"aqm":"lred",
      "params":{"beta":0.002}})"));
  ASSERT_TRUE(in.ok()) << in.error();
  EXPECT_DOUBLE_EQ(in.value().params.at("beta"), 0.002);
  EXPECT_DOUBLE_EQ(in.value().params.at("q0"), 100);  // B / 4
  EXPECT_DOUBLE_EQ(in.value().params.at("mp"), 1.0);
  const Json out = Analyze(R"({"network":{"flows":300,"capacity_pps":2500,"rtt_s":0.3,"buffer_pkts":400},
      "aqm":"lred","stability":{}})");
  ASSERT_TRUE(out["ok"].get<bool>()) << out.dump();
  EXPECT_EQ(out["stability"]["discipline"], "lred");
  EXPECT_EQ(out["stability"]["bode"]["w"].size(), 200u);
  EXPECT_FALSE(out.contains("fluid"));
  // Stability alone needs no fluid law: CoDel has neither, and says so.
  const Json codel = Analyze(R"({"network":{"flows":30},"aqm":"codel","stability":{}})");
  ASSERT_TRUE(codel["ok"].get<bool>()) << codel.dump();
  EXPECT_EQ(codel["stability"]["verdict"], "none");
  EXPECT_NE(Analyze(R"({"network":{"flows":30},"aqm":"codel","fluid":{}})")["error"].get<std::string>().find(
                "aqm: the fluid model has no law for \"codel\""),
            std::string::npos);
}

// Every mistake in a model file at once, each part's under its name.
TEST(AnalysisJson, EveryProblemIsReportedTogether) {
  const Json out = Analyze(R"({"chain":{"sources":[{"poisson":-1}],"capacity_pkts":10},
      "network":{"flows":-3},"aqm":"red","params":{"min_th":40,"max_th":20},"extra":1})");
  ASSERT_FALSE(out["ok"].get<bool>());
  EXPECT_EQ(ProblemLines(out["error"].get<std::string>()),
            (std::vector<std::string>{
                "chain.sources[0].poisson: must be in [0, 10000000], got -1",
                "network.flows: must be in [0, 1000000], got -3",
                "extra: unknown field (network, aqm, params, fluid, chain, stability, response_bounds, "
                "sender_response)",
            }));
  // RED's own rule (min_th below max_th) is checked with the network's
  // buffer: only once the network reads fine.
  const Json waits = Analyze(R"({"network":{"buffer_pkts":-1},"aqm":"red","params":{"min_th":40,"max_th":20}})");
  EXPECT_EQ(ProblemLines(waits["error"].get<std::string>()),
            (std::vector<std::string>{"network.buffer_pkts: must be in [1, 1000000000], got -1"}));
  const Json both = Analyze(R"({"network":{"buffer_pkts":100},"aqm":"red","params":{"min_th":40,"max_th":20},"extra":1})");
  EXPECT_EQ(ProblemLines(both["error"].get<std::string>()),
            (std::vector<std::string>{"params.min_th: must be below max_th (20), got 40",
                                      "extra: unknown field (network, aqm, params, fluid, chain, stability, "
                                      "response_bounds, sender_response)"}));
}

}  // namespace
}  // namespace aqmlab::analysis
