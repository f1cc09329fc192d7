// Every verdict beside the trajectories it speaks of (analysis/stability.h).
// For each discipline with a linear rule, equilibria on each piece of its
// law: the verdict is checked against the fluid model's own trajectory on
// the same network (a "stable" whose trajectory never settles fails, and so
// does an "unstable" from an exact rule whose trajectory settles), and, for
// one case a piece, against the packet simulation's queue. A rule that is
// only sufficient may say "unstable" of a loop that settles; it must say it
// is sufficient. Off the law's linear range (the buffer, p0 >= 1) the
// verdict is "none" and the trajectory shows why.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "analysis/analysis_json.h"
#include "analysis/fluid_model.h"
#include "analysis/scenario_mapping.h"
#include "analysis/stability.h"
#include "test_util.h"

namespace aqmlab::analysis {
namespace {

struct Case {
  const char* name;
  int flows;
  double mbps;      // of 500-byte packets: 250 packets/s per Mb/s
  double rtt_ms;    // every flow's propagation round trip
  int buffer;
  const char* aqm;
  const char* params;  // JSON object
  const char* region;
  const char* verdict;
};

std::string ScenarioJson(const Case& c, double duration_s) {
  char buf[1024];
  std::snprintf(buf, sizeof buf,
                R"({"seed": 1, "duration_s": %g, "warmup_s": %g,
  "bottleneck": {"capacity_mbps": %g, "delay_ms": 1, "buffer_pkts": %d, "packet_bytes": 500},
  "groups": [{"kind": "tcp", "count": %d, "rtt_ms": [%g]}],
  "sides": [{"aqm": "%s", "params": %s}]})",
                duration_s, duration_s / 2, c.mbps, c.buffer, c.flows, c.rtt_ms, c.aqm, c.params);
  return buf;
}

struct Seen {
  StabilityReport report;
  double q0 = 0;       // the model's equilibrium queue
  double swing = 0;    // peak to peak of the fluid queue over the run's last quarter
  double tail_q = 0;   // the fluid queue at the end
};

Seen Analyse(const Case& c) {
  const Scenario s = testing::ParseOrDie(ScenarioJson(c, 100));
  ScenarioModels m = MapScenario(s, 0);
  m.fluid.duration_s = 400;
  Seen out;
  out.report = AnalyseStability(m.fluid.aqm, m.fluid.params, PlantOf(m.fluid));
  out.q0 = Equilibrium(m.fluid).q0.value_or(0);
  auto run = RunFluidModel(m.fluid);
  EXPECT_TRUE(run.ok()) << (run.ok() ? "" : run.error());
  if (!run.ok()) return out;
  const FluidTrajectory& t = run.value();
  const size_t from = t.t.size() * 3 / 4;
  const auto [lo, hi] = std::minmax_element(t.queue_pkts.begin() + static_cast<std::ptrdiff_t>(from), t.queue_pkts.end());
  out.swing = *hi - *lo;
  out.tail_q = t.queue_pkts.back();
  return out;
}

// Settled: the last quarter of 400 s moves by under 5% of the buffer.
bool Settled(const Seen& s, const Case& c) { return s.swing < 0.05 * c.buffer; }

const Case kCases[] = {
    // RED (Hollot et al.'s condition, sufficient). The issue's lesson: 200
    // flows put p0 near 0.4, the queue near 199 > max_th: the gentle ramp.
    {"red gentle ramp, the lesson's 200 flows", 200, 10, 100, 300, "red",
     R"({"min_th": 50, "max_th": 150, "max_p": 0.1, "wq": 0.002})", "gentle", "unstable"},
    {"red gentle ramp, a slow average", 200, 10, 100, 300, "red",
     R"({"min_th": 50, "max_th": 150, "max_p": 0.1, "wq": 0.00001})", "gentle", "stable"},
    {"red ramp, Hollot's network", 60, 15, 200, 800, "red",
     R"({"min_th": 50, "max_th": 550, "max_p": 0.1, "wq": 0.00001})", "ramp", "stable"},
    {"red ramp, a fast average", 60, 15, 200, 800, "red",
     R"({"min_th": 50, "max_th": 550, "max_p": 0.1, "wq": 0.002})", "ramp", "unstable"},
    {"red jump, gentle off", 200, 10, 100, 300, "red",
     R"({"min_th": 50, "max_th": 150, "max_p": 0.1, "wq": 0.002, "gentle": 0})", "jump", "unstable"},
    {"red past the buffer", 200, 10, 100, 150, "red",
     R"({"min_th": 50, "max_th": 140, "max_p": 0.01, "wq": 0.002, "gentle": 0})", "buffer", "none"},
    // PI, REM, PID, AOPC: the linear loop's exact Nyquist limit.
    {"pi, ns-2's gains on their design network", 60, 15, 200, 800, "pi", R"({"qref": 200})", "linear", "stable"},
    {"pi, twenty times the integral gain", 60, 15, 200, 800, "pi",
     R"({"qref": 200, "a": 0.00002962, "b": 0.00001816})", "linear", "unstable"},
    {"pi, reference past the buffer", 60, 15, 200, 150, "pi", R"({"qref": 200})", "buffer", "none"},
    {"pi, more flows than the path holds", 400, 1, 50, 200, "pi", R"({"qref": 50})", "saturated", "none"},
    {"rem, the design test's network", 60, 15, 200, 800, "rem",
     R"({"q0": 200, "gamma": 0.0005, "alpha": 0.1, "phi": 1.001, "interval_ms": 2})", "linear", "stable"},
    {"rem, four times the price step", 60, 15, 200, 800, "rem",
     R"({"q0": 200, "gamma": 0.002, "alpha": 0.1, "phi": 1.001, "interval_ms": 2})", "linear", "unstable"},
    {"pid, the lab's defaults", 50, 10, 98, 200, "pid", R"({"qref": 50})", "linear", "stable"},
    {"pid, ten times the gains", 50, 10, 98, 200, "pid",
     R"({"qref": 50, "kp": 0.0008, "ki": 0.0004, "kd": 0.00002})", "linear", "unstable"},
    {"aopc, Req the real RTT", 300, 10, 310, 300, "aopc", R"({"q0": 100, "Req": 0.35})", "linear", "stable"},
    {"aopc, Req a tenth of it", 300, 10, 310, 300, "aopc", R"({"q0": 100, "Req": 0.035})", "linear", "unstable"},
    // LRED (beta_hat) and MSC (Theorem 1): sufficient.
    {"lred, half its beta_hat", 300, 10, 310, 300, "lred", R"({"q0": 100, "beta": 0.0005})", "linear", "stable"},
    {"lred, twice its beta_hat", 300, 10, 310, 300, "lred", R"({"q0": 100, "beta": 0.002})", "linear", "unstable"},
    {"msc, many flows", 100, 15, 100, 200, "msc", R"({"qref": 40})", "linear", "stable"},
    {"msc, few flows", 10, 15, 100, 200, "msc", R"({"qref": 40})", "linear", "unstable"},
};

class VerdictBesideTrajectory : public ::testing::TestWithParam<Case> {};

TEST_P(VerdictBesideTrajectory, FluidModel) {
  const Case& c = GetParam();
  const Seen s = Analyse(c);
  const StabilityReport& r = s.report;
  std::printf("  %-44s region %-9s verdict %-8s ratio %-8.3g q0 %6.1f  fluid swing %7.2f end %6.1f\n", c.name,
              r.region.c_str(), r.verdict.c_str(), r.ratio.value_or(-1), s.q0, s.swing, s.tail_q);
  EXPECT_EQ(r.region, c.region);
  EXPECT_EQ(r.verdict, c.verdict);
  EXPECT_FALSE(r.region_text.empty());
  const bool sufficient = r.discipline == "red" || r.discipline == "lred" || r.discipline == "msc";
  EXPECT_EQ(r.sufficient, sufficient);
  if (r.verdict == "stable") EXPECT_TRUE(Settled(s, c)) << "a stable verdict beside a swing of " << s.swing;
  if (r.verdict == "unstable" && !r.sufficient) EXPECT_FALSE(Settled(s, c)) << "an exact rule's unstable verdict, settled";
  if (r.region == "jump") EXPECT_FALSE(Settled(s, c)) << "the jump is a relay: the queue cycles";
  if (r.region == "buffer") EXPECT_GT(s.tail_q, 0.9 * c.buffer) << "past the buffer the queue sits near it";
  if (r.verdict == "none") EXPECT_FALSE(r.ratio);
}

INSTANTIATE_TEST_SUITE_P(Regions, VerdictBesideTrajectory, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& i) { return std::to_string(i.index); });

}  // namespace
}  // namespace aqmlab::analysis
