// What every registered discipline's parameter table tells a control beyond
// the core's hard range: a usual ("sensible") range inside it that holds the
// default, a logarithmic scale only over positive values, and a buffer bound
// only on queue lengths; and the catalogue the page reads carries all three.
#include <gtest/gtest.h>

#include <string>

#include "aqm/registry.h"
#include "scenario/catalog.h"
#include "scenario/json_reader.h"

namespace aqmlab {
namespace {

TEST(ParamTable, UsualRangesScalesAndBufferBoundsAreConsistent) {
  int log_scaled = 0;
  int buffer_bound = 0;
  for (const AqmEntry& entry : AqmRegistry()) {
    const AqmDescriptor& d = entry.describe();
    for (const ParamSpec& p : d.params) {
      const std::string where = std::string(d.name) + "." + std::string(p.name);
      if (p.sensible) {
        EXPECT_LE(p.min, p.sensible->min) << where;
        EXPECT_LT(p.sensible->min, p.sensible->max) << where;
        EXPECT_LE(p.sensible->max, p.max) << where;
        EXPECT_GE(p.default_value, p.sensible->min) << where;
        EXPECT_LE(p.default_value, p.sensible->max) << where;
      }
      if (p.scale == ParamScale::kLog) {
        ++log_scaled;
        ASSERT_TRUE(p.sensible.has_value()) << where << ": a log scale needs a positive usual range";
        EXPECT_GT(p.sensible->min, 0) << where;
        EXPECT_GE(p.sensible->max / p.sensible->min, 100) << where << ": a log scale is for decades";
      }
      if (p.buffer_bound) {
        ++buffer_bound;
        EXPECT_EQ(p.unit, "pkts") << where << ": only a queue length is bounded by the buffer";
      }
    }
  }
  EXPECT_GE(log_scaled, 1);
  EXPECT_GE(buffer_bound, 2);
}

TEST(ParamTable, CatalogueCarriesScaleUsualRangeAndBufferBound) {
  const nlohmann::ordered_json catalogue = nlohmann::ordered_json::parse(AqmCatalogJson());
  const nlohmann::ordered_json* red = nullptr;
  for (const auto& aqm : catalogue) {
    if (aqm.at("name") == "red") red = &aqm;
  }
  ASSERT_NE(red, nullptr);
  const auto param = [&](const std::string& name) {
    for (const auto& p : red->at("params")) {
      if (p.at("name") == name) return p;
    }
    return nlohmann::ordered_json{};
  };
  // RED's weight runs 1e-6 .. 1: a control moves it by ratios over 1e-5 .. 0.1.
  EXPECT_EQ(param("wq").at("scale"), "log");
  EXPECT_EQ(param("wq").at("sensible"), nlohmann::ordered_json::array({1e-5, 0.1}));
  EXPECT_EQ(param("max_th").at("buffer_bound"), true);
  EXPECT_EQ(param("min_th").at("buffer_bound"), true);
  // A row without them says nothing: the page reads the hard range as before.
  EXPECT_FALSE(param("max_p").contains("scale"));
  EXPECT_FALSE(param("max_p").contains("sensible"));
  EXPECT_FALSE(param("max_p").contains("buffer_bound"));
}

}  // namespace
}  // namespace aqmlab
