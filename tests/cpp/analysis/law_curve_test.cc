// The law picture's samples (analysis/law_curve.h) are the discipline's own
// law: RED's worked curve from ../shared/spec/aqm-algorithms.md (min_th 5,
// max_th 15, max_p 0.1, gentle ramp to 1 at 2 max_th), drop-tail's cliff at
// the buffer, and a controller refused with a reason.
#include <gtest/gtest.h>

#include "analysis/law_curve.h"
#include "aqm/registry.h"

namespace aqmlab::analysis {
namespace {

double At(const LawCurve& c, double q) {
  for (size_t i = 0; i < c.queue.size(); ++i) {
    if (std::abs(c.queue[i] - q) < 1e-9) return c.p[i];
  }
  ADD_FAILURE() << "no sample at q = " << q;
  return -1;
}

TEST(LawCurve, RedFollowsTheSpecsCurveIncludingTheGentleRamp) {
  const ParamValues red{{"min_th", 5}, {"max_th", 15}, {"max_p", 0.1}, {"gentle", 1}};
  auto c = SampleLawCurve("red", red, 40, 80);  // a sample every 0.5 packet
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_DOUBLE_EQ(At(c.value(), 4), 0);
  EXPECT_NEAR(At(c.value(), 10), 0.05, 1e-12);   // halfway up the ramp: max_p / 2
  EXPECT_NEAR(At(c.value(), 15), 0.1, 1e-12);    // max_p at max_th
  EXPECT_NEAR(At(c.value(), 22.5), 0.55, 1e-12); // gentle: 0.1 + 0.9 * 7.5 / 15
  EXPECT_NEAR(At(c.value(), 30), 1, 1e-12);      // 1 at 2 max_th
  EXPECT_DOUBLE_EQ(c.value().p.back(), 1);       // a full buffer drops
}

TEST(LawCurve, RedWithoutGentleJumpsToOneAboveMaxTh) {
  const ParamValues red{{"min_th", 5}, {"max_th", 15}, {"max_p", 0.1}, {"gentle", 0}};
  auto c = SampleLawCurve("red", red, 40, 80);
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_NEAR(At(c.value(), 12.5), 0.075, 1e-12);
  EXPECT_DOUBLE_EQ(At(c.value(), 15.5), 1);
}

TEST(LawCurve, DropTailIsZeroUntilTheBufferIsFull) {
  auto c = SampleLawCurve("droptail", {}, 100, 50);
  ASSERT_TRUE(c.ok()) << c.error();
  ASSERT_EQ(c.value().queue.size(), 51u);
  for (size_t i = 0; i + 1 < c.value().p.size(); ++i) EXPECT_EQ(c.value().p[i], 0) << i;
  EXPECT_EQ(c.value().queue.back(), 100);
  EXPECT_EQ(c.value().p.back(), 1);
}

TEST(LawCurve, JsonResolvesDefaultsForTheBufferAndRefusesControllers) {
  // The lab's scaled RED default: min_th = B/4, max_th = 3B/4.
  const Json ok = LawCurveJson(Json{{"aqm", "red"}, {"buffer_pkts", 200}, {"points", 200}});
  ASSERT_TRUE(ok["ok"].get<bool>()) << ok.dump();
  EXPECT_EQ(ok["p"][50].get<double>(), 0);  // q = 50 = min_th
  EXPECT_GT(ok["p"][51].get<double>(), 0);
  const Json pi = LawCurveJson(Json{{"aqm", "pi"}, {"buffer_pkts", 200}});
  EXPECT_FALSE(pi["ok"].get<bool>());
  EXPECT_NE(pi["error"].get<std::string>().find("control loop"), std::string::npos);
  const Json bad = LawCurveJson(Json{{"aqm", "red"}, {"buffer_pkts", 0}});
  EXPECT_FALSE(bad["ok"].get<bool>());
}

// Every registered discipline says something to a newcomer and names its picture's parts.
TEST(LawCurve, EveryDisciplineIsExplained) {
  for (const AqmEntry& e : AqmRegistry()) {
    const std::string name(e.describe().name);
    ASSERT_NE(e.explain, nullptr) << name;
    const Explanation& x = e.explain();
    EXPECT_GT(x.plain.size(), 80u) << name;
    if (x.picture == LawPicture::kLoop) {
      EXPECT_FALSE(x.measures.empty()) << name;
      EXPECT_FALSE(x.sets.empty()) << name;
      EXPECT_TRUE(!x.target_param.empty() || !x.target_text.empty()) << name;
    } else {
      EXPECT_TRUE(SampleLawCurve(name, {}, 100, 10).ok()) << name;
    }
  }
}

}  // namespace
}  // namespace aqmlab::analysis
