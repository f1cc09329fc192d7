// Registration (core-cpp/src/aqm/README.md): every registered discipline
// carries what the catalogue, the page's theory panel and charts, and the
// analysis models ask of it; and the guide, followed literally, adds a toy
// discipline (defined here: one folder's worth, one registration line) that
// the catalogue, the theory layer and the chart levels accept.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <string>

#include "analysis/analysis_json.h"
#include "analysis/fluid_laws.h"
#include "analysis/stability.h"
#include "aqm/param_binding.h"
#include "aqm/registry.h"
#include "aqm/theory/discipline_theory.h"
#include "scenario/catalog.h"
#include "scenario/json_reader.h"

namespace aqmlab {

// ---- The guide, step by step, for a discipline called "toy". ----

// Step 1, toy/toy_law.h: the law, pure. p rises from 0 at `level` to 1 at
// twice it; the caller passes the queue and the draw.
namespace toy {
struct Params {
  double level = 40;
};
double Probability(const Params& p, double queue) { return std::clamp(queue / p.level - 1, 0.0, 1.0); }
Decision Decide(const Params& p, double queue, double uniform) {
  return uniform < Probability(p, queue) ? Decision::kCongest : Decision::kPass;
}
}  // namespace toy

// Step 2, toy/toy_queue.h and .cc: the adapter, its table and descriptor.
class ToyQueue final : public ParamQueue<ToyQueue, toy::Params> {
 public:
  static constexpr std::array<ParamField<toy::Params>, 1> kFields{{
      {{"level", "Level", "pkts", ParamKind::kReal, 40, 1, 1000, 1, "Below it nothing is dropped."}, &toy::Params::level},
  }};
  static Status Validate(const toy::Params&) { return {}; }
  static const AqmDescriptor& Describe() {
    static const AqmDescriptor d{
        "toy",
        "Toy",
        "the lab's registration test",
        "Drops with a probability that rises from 0 at a level to 1 at twice it.",
        SpecsOf<toy::Params>(kFields),
        {},
        LawText{R"(p = \min\!\left(1, \left[\frac{q}{L} - 1\right]^+\right))",
                "The toy drops nothing below its level and then more and more, up to every packet at twice the "
                "level: a ramp on the instantaneous queue, with no memory and no clock.",
                "a test of the registration guide",
                {{"q", LawSource::kColumn, "queue_pkts"}, {"L", LawSource::kParam, "level"}, {"p", LawSource::kColumn, "p"}}},
        {{"level", LevelChart::kQueue, "level"}}};
    return d;
  }
  // Step 3, toy/toy_theory.cc: its fluid law, equilibrium and rule.
  static const theory::DisciplineTheory& Theory();

  using ParamQueue::ParamQueue;
  double probability() const override { return p_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override {
    p_ = toy::Probability(params_, static_cast<double>(ctx.queue_packets));
    return toy::Decide(params_, static_cast<double>(ctx.queue_packets), ctx.uniform);
  }

 private:
  double p_ = 0;
};

namespace {

class FluidToy final : public theory::FluidLaw {
 public:
  void Configure(const theory::ParamValues& p) override { params_.level = theory::ParamOr(p, "level", 40); }
  double Step(const theory::FluidTick& t) override { return toy::Probability(params_, t.q); }

 private:
  toy::Params params_;
};

// Hollot et al.'s form for a ramp of slope 1/L without an average.
theory::StabilityReport ToyRule(const theory::ParamValues& p, const theory::LoopPlant& pl) {
  theory::StabilityReport r;
  const double level = theory::ParamOr(p, "level", 40), p0 = 2 * pl.flows * pl.flows / std::pow(pl.rtt_s * pl.capacity_pps, 2);
  if (theory::OutsideTheLaw(r, level * (1 + p0), p0, pl)) return r;
  r.rule = "(R C)^3 / (L (2N)^2) <= 1";
  r.numbers = theory::PlantNumbers(pl);
  theory::Judge(r, std::pow(pl.rtt_s * pl.capacity_pps, 3) / (level * 4 * pl.flows * pl.flows));
  return r;
}

}  // namespace

const theory::DisciplineTheory& ToyQueue::Theory() {
  static const theory::DisciplineTheory t{
      []() -> std::unique_ptr<theory::FluidLaw> { return std::make_unique<FluidToy>(); },
      nullptr,
      &ToyRule,
      [](const theory::ParamValues& p, double q) { return toy::Probability({theory::ParamOr(p, "level", 40)}, q); },
  };
  return t;
}

namespace {

// Step 5, registry.cc: the one line.
constexpr AqmEntry kToy = Register<ToyQueue>();

// What the page reads of an entry (web/src/aqm/aqm-table.ts's readAqmSpec).
std::vector<std::string> CatalogueProblems(const Json& a) {
  std::vector<std::string> out;
  const std::string name = a.at("name");
  auto has = [&](const char* list, const std::string& n) {
    return std::any_of(a.at(list).begin(), a.at(list).end(), [&](const Json& x) { return x.at("name") == n; });
  };
  const Json& law = a.at("law");
  if (!law.is_object() || law.at("tex").get<std::string>().empty()) return {name + ": no law"};
  if (law.at("idea").get<std::string>().size() < 100) out.push_back(name + ": a short idea");
  if (law.at("paper").get<std::string>().empty()) out.push_back(name + ": no paper");
  for (const Json& v : law.at("variables")) {
    const std::string source = v.at("source"), n = v.at("name");
    const bool known = source == "param"    ? has("params", n)
                       : source == "signal" ? has("signals", n)
                                            : (n == "queue_pkts" || n == "p");
    if (!known) out.push_back(name + ": " + source + " " + n);
  }
  for (const Json& l : a.at("levels")) {
    const std::string param = l.at("param"), chart = l.at("chart");
    const auto p = std::find_if(a.at("params").begin(), a.at("params").end(), [&](const Json& x) { return x.at("name") == param; });
    if (p == a.at("params").end()) {
      out.push_back(name + ": level " + param + " is no parameter");
      continue;
    }
    const std::string unit = p->at("unit");
    if (chart == "queue" ? unit != "pkts" : (unit != "ms" && unit != "s")) out.push_back(name + ": level " + param + " in " + unit);
    if (l.at("scale").get<double>() != (unit == "s" ? 1000 : 1)) out.push_back(name + ": level " + param + "'s scale");
  }
  return out;
}

// What the analysis asks of an entry with a theory: a fluid law that gives
// a probability, a rule whose verdict is one of four and names its region.
std::vector<std::string> TheoryProblems(const AqmEntry& e) {
  std::vector<std::string> out;
  const std::string name(e.describe().name);
  if (!e.theory) return out;
  LinkContext link;
  const analysis::ParamValues params = analysis::ResolveParams(name, link, {});
  if (e.theory().fluid_law) {
    std::unique_ptr<theory::FluidLaw> law = e.theory().fluid_law();
    law->Configure(params);
    for (double q : {0.0, 50.0, 150.0, 199.0}) {
      const double p = law->Step({0.01, q, 3000, 0, 2500, 200});
      if (!(p >= 0 && p <= 1)) out.push_back(name + ": fluid p " + std::to_string(p));
    }
  }
  if (e.theory().stability) {
    const theory::StabilityReport r = analysis::AnalyseStability(e, params, {50, 2500, 0.12, 200});
    static const std::array<const char*, 4> kVerdicts{"stable", "marginal", "unstable", "none"};
    if (std::find(kVerdicts.begin(), kVerdicts.end(), r.verdict) == kVerdicts.end()) out.push_back(name + ": verdict " + r.verdict);
    if (r.region == "none" || r.region_text.empty()) out.push_back(name + ": no region");
    if (r.discipline != name) out.push_back(name + ": report of " + r.discipline);
  }
  return out;
}

TEST(Registration, EveryDisciplineHasWhatThePageAndTheAnalysisAskOfIt) {
  const Json catalogue = Json::parse(AqmCatalogJson());
  ASSERT_EQ(catalogue.size(), AqmRegistry().size());
  std::vector<std::string> problems;
  for (size_t i = 0; i < catalogue.size(); ++i) {
    const AqmEntry& e = AqmRegistry()[i];
    EXPECT_EQ(catalogue[i].at("name"), std::string(e.describe().name));
    for (const std::string& p : CatalogueProblems(catalogue[i])) problems.push_back(p);
    for (const std::string& p : TheoryProblems(e)) problems.push_back(p);
  }
  EXPECT_EQ(problems, std::vector<std::string>{});
  // The disciplines the papers give a model keep it: a fluid law for eleven, a rule for ten (DualPI2's
  // PI2 loop among them).
  const auto count = [](auto has) { return std::count_if(AqmRegistry().begin(), AqmRegistry().end(), has); };
  EXPECT_EQ(count([](const AqmEntry& e) { return e.theory && e.theory().fluid_law; }), 11);
  EXPECT_EQ(count([](const AqmEntry& e) { return e.theory && e.theory().stability; }), 10);
}

TEST(Registration, TheGuideFollowedLiterallyAddsAToyTheCatalogueTheoryAndLevelsAccept) {
  // The catalogue entry the page reads: its table, law and chart level.
  const Json toy = Json::parse(AqmEntryJson(kToy));
  EXPECT_EQ(toy.at("name"), "toy");
  EXPECT_EQ(toy.at("params").size(), 1u);
  EXPECT_EQ(toy.at("levels"), Json::parse(R"([{"param":"level","chart":"queue","label":"level","scale":1,"when_on":""}])"));
  EXPECT_EQ(CatalogueProblems(toy), std::vector<std::string>{});
  // Validation from its table alone.
  EXPECT_TRUE(kToy.check({}, {{"level", 60}}).ok());
  EXPECT_EQ(kToy.check({}, {{"level", 5000}}).error, "level: must be in [1, 1000], got 5000");
  // The theory layer: its rule through the same entry point as every discipline's.
  EXPECT_EQ(TheoryProblems(kToy), std::vector<std::string>{});
  // 30 flows over a 50-packet path: p0 = 0.72, the queue at 69 of 300.
  const theory::StabilityReport many = analysis::AnalyseStability(kToy, {{"level", 40}}, {30, 500, 0.1, 300});
  EXPECT_EQ(many.discipline, "toy");
  EXPECT_EQ(many.region, "linear");
  ASSERT_TRUE(many.ratio);
  EXPECT_NEAR(*many.ratio, 50.0 * 50 * 50 / (40 * 4 * 30 * 30), 1e-12);
  EXPECT_EQ(many.verdict, "stable");
  EXPECT_EQ(analysis::AnalyseStability(kToy, {{"level", 40}}, {20, 500, 0.1, 300}).verdict, "unstable");
  EXPECT_EQ(analysis::AnalyseStability(kToy, {{"level", 400}}, {30, 500, 0.1, 300}).region, "buffer");
  // Its static curve for the chain, and its fluid law at the curve's ends.
  EXPECT_DOUBLE_EQ(kToy.theory().drop_curve({{"level", 40}}, 60), 0.5);
  std::unique_ptr<theory::FluidLaw> law = kToy.theory().fluid_law();
  law->Configure({{"level", 40}});
  EXPECT_EQ(law->Step({0.01, 30, 3000, 0, 2500, 200}), 0);
  EXPECT_EQ(law->Step({0.01, 90, 3000, 0, 2500, 200}), 1);
}

}  // namespace
}  // namespace aqmlab
