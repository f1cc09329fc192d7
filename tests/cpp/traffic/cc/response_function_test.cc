// Each sender's response function (traffic/cc/<name>/<name>_response.cc)
// against its closed form at chosen p, in every region of its law, and
// through the registry, the catalogue and the analysis JSON the page reads.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "analysis/sender_response.h"
#include "scenario/catalog.h"
#include "traffic/cc/registry.h"

namespace aqmlab {
namespace {

ResponsePoint At(const char* sender, double p, double rtt_s, const ParamOverrides& params = {}) {
  const CcEntry* e = FindCc(sender);
  EXPECT_NE(e, nullptr) << sender;
  EXPECT_NE(e->response, nullptr) << sender;
  auto r = e->response().at(params, p, rtt_s);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error());
  return r.ok() ? r.value() : ResponsePoint{};
}

TEST(ResponseFunction, EverySenderButBbrHasOne) {
  for (const CcEntry& e : CcRegistry()) {
    const std::string name(e.describe().name);
    EXPECT_EQ(e.response == nullptr, name == "bbr") << name;
  }
  EXPECT_EQ(FindCc("newreno")->response().signal, ResponseSignal::kLossOrMark);
  EXPECT_EQ(FindCc("cubic")->response().signal, ResponseSignal::kLossOrMark);
  EXPECT_EQ(FindCc("dctcp")->response().signal, ResponseSignal::kMark);
  EXPECT_EQ(FindCc("prague")->response().signal, ResponseSignal::kMark);
}

// sqrt(3 / (2p)): 12.247 segments at p = 0.01, 38.73 at 0.001; the round
// trip does not enter the window.
TEST(ResponseFunction, NewRenoSquareRootLaw) {
  EXPECT_NEAR(At("newreno", 0.01, 0.1).window, 12.2474, 1e-4);
  EXPECT_NEAR(At("newreno", 0.001, 0.02).window, 38.7298, 1e-4);
  EXPECT_EQ(std::string(At("newreno", 0.01, 0.1).region), "square-root");
  EXPECT_DOUBLE_EQ(At("reno", 0.003, 0.05).window, At("newreno", 0.003, 0.05).window);
}

// RFC 9438's two regions at C = 0.4, beta = 0.7: (0.4 * 3.7 / 1.2)^(1/4) =
// 1.053829; at p = 1e-4 and R = 0.1 s, 1.053829 * 1000^(3/4) = 187.40 against
// Reno's 122.47: the cubic region. At p = 0.01 and R = 0.01 s the cubic
// term is 1.0538 against 12.247: the Reno-friendly region, whose window is
// Reno's. With the Reno-friendly region off, the cubic term alone.
TEST(ResponseFunction, CubicRegions) {
  const ResponsePoint cubic = At("cubic", 1e-4, 0.1);
  EXPECT_NEAR(cubic.window, 187.40, 0.01);
  EXPECT_EQ(std::string(cubic.region), "cubic");
  const ResponsePoint friendly = At("cubic", 0.01, 0.01);
  EXPECT_NEAR(friendly.window, 12.2474, 1e-4);
  EXPECT_EQ(std::string(friendly.region), "reno-friendly");
  const ResponsePoint off = At("cubic", 0.01, 0.01, {{"reno_friendly", 0}});
  EXPECT_NEAR(off.window, 1.053829, 1e-6);
  EXPECT_EQ(std::string(off.region), "cubic");
  // The switch: the two terms meet where R^3 / p = (1.224745 / 1.053829)^4 = 1.8244.
  const double p_switch = 0.001 / 1.8244;  // R = 0.1 s
  EXPECT_EQ(std::string(At("cubic", p_switch * 1.01, 0.1).region), "reno-friendly");
  EXPECT_EQ(std::string(At("cubic", p_switch * 0.99, 0.1).region), "cubic");
  // beta scales the cubic term: (0.4 * 3.5 / 2)^(1/4) = 0.91469 at beta 0.5.
  EXPECT_NEAR(At("cubic", 1.0, 1.0, {{"beta", 0.5}, {"reno_friendly", 0}}).window, 0.914691, 1e-6);
}

// sqrt(2) / p: 141.42 segments at p = 0.01, 28.284 at 0.05.
TEST(ResponseFunction, ScalableOneOverP) {
  EXPECT_NEAR(At("dctcp", 0.01, 0.1).window, 141.421, 1e-3);
  EXPECT_NEAR(At("prague", 0.05, 0.1).window, 28.2843, 1e-4);
  EXPECT_EQ(std::string(At("dctcp", 0.01, 0.1).region), "scalable");
}

// With RTT independence, below the 25 ms reference the growth is (R/25 ms)^2
// a round trip, so the window is sqrt(2) (R / 25 ms) / p and the rate W / R
// the same for every shorter RTT: 5657 segments/s at p = 0.01.
TEST(ResponseFunction, PragueRttIndependence) {
  const ParamOverrides on{{"rtt_independence", 1}};
  const ResponsePoint short_rtt = At("prague", 0.01, 0.005, on), ref = At("prague", 0.01, 0.025, on);
  EXPECT_EQ(std::string(short_rtt.region), "rtt-independent");
  EXPECT_EQ(std::string(ref.region), "scalable");
  EXPECT_NEAR(short_rtt.window / 0.005, 5656.85, 0.01);
  EXPECT_NEAR(ref.window / 0.025, 5656.85, 0.01);
  EXPECT_NEAR(At("prague", 0.01, 0.1, on).window, 141.421, 1e-3);  // above the reference: as DCTCP
  EXPECT_NEAR(At("prague", 0.01, 0.005).window, 141.421, 1e-3);     // off: as DCTCP
}

TEST(ResponseFunction, TheCatalogueCarriesTheLawAndBbrNone) {
  const Json catalogue = Json::parse(SenderCatalogJson());
  for (const Json& s : catalogue) {
    const std::string name = s["name"];
    ASSERT_TRUE(s.contains("response")) << name;
    if (name == "bbr") {
      EXPECT_TRUE(s["response"].is_null());
      continue;
    }
    EXPECT_FALSE(s["response"]["tex"].get<std::string>().empty()) << name;
    EXPECT_FALSE(s["response"]["constant"].get<std::string>().empty()) << name;
    EXPECT_FALSE(s["response"]["source"].get<std::string>().empty()) << name;
    const std::string signal = s["response"]["signal"];
    EXPECT_EQ(signal, name == "dctcp" || name == "prague" ? "mark" : "loss_or_mark") << name;
  }
}

// The rate the page shows: window * segment bytes * 8 / R. NewReno at
// p = 0.01, R = 50 ms, 1500 B: 12.247 * 12000 / 0.05 = 2.9394 Mb/s.
TEST(ResponseFunction, AnalysisJsonGivesRates) {
  const Json out = analysis::SenderResponseJson(
      Json::parse(R"({"sender": "newreno", "rtt_s": 0.05, "segment_bytes": 1500, "p": [0.01, 0.04]})"));
  ASSERT_TRUE(out["ok"].get<bool>()) << out.dump();
  EXPECT_EQ(out["signal"], "loss_or_mark");
  ASSERT_EQ(out["points"].size(), 2u);
  EXPECT_NEAR(out["points"][0]["rate_mbps"].get<double>(), 2.93939, 1e-5);
  EXPECT_NEAR(out["points"][1]["window_segments"].get<double>(), 6.12372, 1e-5);
  EXPECT_EQ(out["points"][0]["region"], "square-root");
}

TEST(ResponseFunction, AnalysisJsonRefusesWithTheField) {
  auto error = [](const char* json) {
    const Json out = analysis::SenderResponseJson(Json::parse(json));
    EXPECT_FALSE(out["ok"].get<bool>());
    return out.value("error", std::string());
  };
  EXPECT_NE(error(R"({"sender": "vegas", "p": [0.1]})").find("sender: unknown congestion control 'vegas'"),
            std::string::npos);
  EXPECT_NE(error(R"({"sender": "bbr", "p": [0.1]})").find("sender: bbr has no response function"),
            std::string::npos);
  EXPECT_NE(error(R"({"sender": "cubic", "params": {"beta": 2}, "p": [0.1]})").find("params.beta"),
            std::string::npos);
  EXPECT_NE(error(R"({"sender": "cubic", "params": {"gamma": 1}, "p": [0.1]})").find("params.gamma"),
            std::string::npos);
  EXPECT_NE(error(R"({"sender": "cubic", "p": [0]})").find("p[0]"), std::string::npos);
  EXPECT_NE(error(R"({"sender": "cubic"})").find("p: required"), std::string::npos);
  EXPECT_NE(error(R"({"sender": "cubic", "p": [0.1], "rtt": 1})").find("rtt"), std::string::npos);
}

}  // namespace
}  // namespace aqmlab
