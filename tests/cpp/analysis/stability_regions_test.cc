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
#include <cctype>
#include <ostream>
#include <cstdio>
#include <string>

#include "analysis/analysis_json.h"
#include "analysis/fluid_model.h"
#include "analysis/scenario_mapping.h"
#include "analysis/stability.h"
#include "test_util.h"

namespace aqmlab::analysis {
namespace {

enum class Fluid { kSettles, kCycles, kAtBuffer };

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
  Fluid fluid;         // what the fluid model's trajectory does (measured, seed-free)
  const char* pair = nullptr;  // for the packet check: the case the rule calls unstable on this network
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

// gtest prints a parameter it cannot format as a byte dump, and names
// instances by index; both should say which equilibrium failed.
void PrintTo(const Case& c, std::ostream* os) { *os << c.name << " (" << c.aqm << ", " << c.region << ")"; }

std::string TestName(const Case& c, size_t index) {
  std::string out = std::to_string(index) + "_";
  for (const char* p = c.name; *p != '\0'; ++p) out += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
  return out;
}

// Settled: the last quarter of 400 s moves by under 5% of the buffer.
bool Settled(const Seen& s, const Case& c) { return s.swing < 0.05 * c.buffer; }

const Case kCases[] = {
    // RED (Hollot et al.'s condition, sufficient). The lesson preset's 200
    // flows put p0 near 0.4 and the queue near 199 > max_th: the gentle
    // ramp, six times as steep as the ramp, and the rule fails there (the
    // fluid model settles; the packets swing between about 50 and 300).
    {"red gentle ramp, the lesson's 200 flows", 200, 10, 100, 300, "red",
     R"({"min_th": 50, "max_th": 150, "max_p": 0.1, "wq": 0.002})", "gentle", "unstable", Fluid::kSettles},
    {"red gentle ramp, a slow average", 200, 10, 100, 300, "red",
     R"({"min_th": 50, "max_th": 150, "max_p": 0.1, "wq": 0.00001})", "gentle", "stable", Fluid::kSettles},
    {"red ramp, max_p 0.5 and a slow average", 200, 10, 100, 300, "red",
     R"({"min_th": 50, "max_th": 150, "max_p": 0.5, "wq": 0.00005})", "ramp", "stable", Fluid::kSettles},
    {"red ramp, Hollot's network with a fast average", 60, 15, 200, 800, "red",
     R"({"min_th": 50, "max_th": 550, "max_p": 0.1, "wq": 0.002})", "ramp", "unstable", Fluid::kCycles},
    {"red jump, gentle off", 200, 10, 100, 300, "red",
     R"({"min_th": 50, "max_th": 150, "max_p": 0.1, "wq": 0.002, "gentle": 0})", "jump", "unstable", Fluid::kCycles},
    {"red curve past the buffer", 200, 10, 100, 150, "red",
     R"({"min_th": 100, "max_th": 400, "max_p": 0.1, "wq": 0.002})", "buffer", "none", Fluid::kAtBuffer},
    // PI, REM, PID: the exact Nyquist limit of the loop the fluid law linearises to.
    {"pi, ns-2's gains on their design network", 60, 15, 200, 800, "pi", R"({"qref": 200})", "linear", "stable",
     Fluid::kSettles, "pi, twenty times the integral gain"},
    {"pi, twenty times the integral gain", 60, 15, 200, 800, "pi",
     R"({"qref": 200, "a": 0.00002962, "b": 0.00001816})", "linear", "unstable", Fluid::kCycles},
    {"pi, reference past the buffer", 60, 15, 200, 150, "pi", R"({"qref": 200})", "buffer", "none", Fluid::kAtBuffer},
    {"pi, more flows than the path holds", 400, 1, 50, 200, "pi", R"({"qref": 50})", "saturated", "none",
     Fluid::kAtBuffer},
    {"rem, the design test's network", 60, 15, 200, 800, "rem",
     R"({"q0": 200, "gamma": 0.0005, "alpha": 0.1, "phi": 1.001, "interval_ms": 2})", "linear", "stable",
     Fluid::kSettles, "rem, four times the price step"},
    {"rem, four times the price step", 60, 15, 200, 800, "rem",
     R"({"q0": 200, "gamma": 0.002, "alpha": 0.1, "phi": 1.001, "interval_ms": 2})", "linear", "unstable",
     Fluid::kCycles},
    {"pid, the lab's defaults", 50, 10, 98, 200, "pid", R"({"qref": 50})", "linear", "stable", Fluid::kSettles},
    {"pid, a hundred times the gains", 50, 10, 98, 200, "pid",
     R"({"qref": 50, "kp": 0.008, "ki": 0.004, "kd": 0.0002})", "linear", "unstable", Fluid::kCycles},
    // AOPC: the Nyquist limit of the paper's second-order model, which the
    // fluid law's loss-ratio loop only approximates (at Req / 10 it settles).
    {"aopc, Req the real RTT", 300, 10, 310, 300, "aopc", R"({"q0": 100, "Req": 0.35})", "linear", "stable",
     Fluid::kSettles},
    {"aopc, Req a tenth of it", 300, 10, 310, 300, "aopc", R"({"q0": 100, "Req": 0.035})", "linear", "unstable",
     Fluid::kSettles},
    // LRED (beta_hat) and MSC (Theorem 1 and its queue term): sufficient.
    {"lred, half its beta_hat", 300, 10, 310, 300, "lred", R"({"q0": 100, "beta": 0.0005})", "linear", "stable",
     Fluid::kSettles},
    {"lred, twice its beta_hat", 300, 10, 310, 300, "lred", R"({"q0": 100, "beta": 0.002})", "linear", "unstable",
     Fluid::kSettles},
    {"msc, a slow queue term", 100, 15, 100, 200, "msc", R"({"qref": 40, "alpha": 0.01})", "linear", "stable",
     Fluid::kSettles},
    {"msc, its default queue term (alpha 1)", 100, 15, 100, 200, "msc", R"({"qref": 40})", "linear", "unstable",
     Fluid::kCycles},
    {"msc, few flows", 10, 15, 100, 200, "msc", R"({"qref": 40})", "linear", "unstable", Fluid::kCycles},
    // DualPI2: the exact Nyquist limit of the PI2 loop on Classic flows
    // (ANALYSIS.md sec. 3); the target of 15 ms is a queue of 37.5 packets
    // at 10 Mb/s of 500 B. Linux's gains, 3.5 times them (r = 0.87, still
    // stable), 5 times them (r = 1.24) and a buffer under the target's queue.
    // No packet pair: at 5 times the gains the packet queue's spread is
    // that of Linux's gains (sd 13.7 against 13.5 packets), the 20 flows'
    // own sawtooth drowning the loop's cycle (ANALYSIS.md).
    {"dualpi2, Linux's gains", 20, 10, 50, 200, "dualpi2", "{}", "linear", "stable", Fluid::kSettles},
    {"dualpi2, 3.5 times the gains", 20, 10, 50, 200, "dualpi2", R"({"alpha": 0.56, "beta": 11.2})", "linear",
     "stable", Fluid::kSettles},
    {"dualpi2, five times the gains", 20, 10, 50, 200, "dualpi2", R"({"alpha": 0.8, "beta": 16})", "linear",
     "unstable", Fluid::kCycles},
    {"dualpi2, target past the buffer", 20, 10, 50, 30, "dualpi2", "{}", "buffer", "none", Fluid::kAtBuffer},
};

class VerdictBesideTrajectory : public ::testing::TestWithParam<Case> {};

TEST_P(VerdictBesideTrajectory, FluidModel) {
  const Case& c = GetParam();
  const Seen s = Analyse(c);
  const StabilityReport& r = s.report;
  std::printf("  %-48s region %-9s verdict %-8s ratio %-8.3g q0 %6.1f  fluid swing %7.2f end %6.1f\n", c.name,
              r.region.c_str(), r.verdict.c_str(), r.ratio.value_or(-1), s.q0, s.swing, s.tail_q);
  EXPECT_EQ(r.region, c.region);
  EXPECT_EQ(r.verdict, c.verdict);
  EXPECT_FALSE(r.region_text.empty());
  const bool sufficient = r.discipline == "red" || r.discipline == "lred" || r.discipline == "msc";
  EXPECT_EQ(r.sufficient, sufficient);
  switch (c.fluid) {
    case Fluid::kSettles: EXPECT_TRUE(Settled(s, c)) << "swing " << s.swing; break;
    case Fluid::kCycles: EXPECT_FALSE(Settled(s, c)) << "swing " << s.swing; break;
    case Fluid::kAtBuffer: EXPECT_GT(s.tail_q, 0.9 * c.buffer); break;
  }
  // The rule of the issue: no "stable" beside a trajectory that never settles.
  if (r.verdict == "stable") EXPECT_EQ(c.fluid, Fluid::kSettles);
  // An exact rule's "unstable" on the loop the fluid law linearises to: it cycles.
  if (r.verdict == "unstable" &&
      (r.discipline == "pi" || r.discipline == "rem" || r.discipline == "pid" || r.discipline == "dualpi2")) {
    EXPECT_EQ(c.fluid, Fluid::kCycles);
  }
  if (r.verdict == "none") EXPECT_FALSE(r.ratio);
  if (r.verdict != "none" && r.region != "jump") EXPECT_TRUE(r.ratio);
}

// The packets over the last 50 s of 100 s: the measured queue's mean and
// spread, and the link's use.
Summary Packets(const Case& c) { return testing::RunSummary(ScenarioJson(c, 100)); }

const Case* Named(const char* name) {
  for (const Case& c : kCases) {
    if (std::string(c.name) == name) return &c;
  }
  return nullptr;
}

// A "stable" verdict beside the packet simulation: the queue sits where the
// fluid model settles (within 25%) and the link stays busy (a cycle that
// empties the queue idles it); where the same network has a setting the
// rule calls unstable, that one's queue spreads at least 1.5 times as wide.
// MSC is left out: its packet queue wanders with the rate estimate's noise
// (sd 41 packets about a mean of 62 for qref 40 at alpha 0.01), which
// neither the fluid model nor the rule includes (core-cpp/ANALYSIS.md).
TEST_P(VerdictBesideTrajectory, PacketSimulation) {
  const Case& c = GetParam();
  if (std::string(c.verdict) != "stable" || std::string(c.aqm) == "msc") GTEST_SKIP() << "a stable verdict only";
  const Seen s = Analyse(c);
  const Summary sum = Packets(c);
  std::printf("  %-48s packets: mean queue %6.1f sd %5.1f utilisation %.3f (fluid %.1f)\n", c.name,
              sum.mean_queue_pkts, sum.queue_sd_pkts, sum.utilisation, s.tail_q);
  EXPECT_NEAR(sum.mean_queue_pkts, s.tail_q, 0.25 * s.tail_q);
  EXPECT_GT(sum.utilisation, 0.97);
  if (c.pair) {
    const Case* hot = Named(c.pair);
    ASSERT_NE(hot, nullptr);
    const Summary swinging = Packets(*hot);
    std::printf("  %-48s packets: mean queue %6.1f sd %5.1f utilisation %.3f\n", hot->name,
                swinging.mean_queue_pkts, swinging.queue_sd_pkts, swinging.utilisation);
    EXPECT_GT(swinging.queue_sd_pkts, 1.5 * sum.queue_sd_pkts);
  }
}

INSTANTIATE_TEST_SUITE_P(Regions, VerdictBesideTrajectory, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& i) { return TestName(i.param, i.index); });

// The issue's case in packets: on the lesson preset at 200 flows both
// queues swing far (sd about 54 packets about a mean of 155 with max_p 0.1)
// where a setting the rule calls stable on the same network holds its queue
// within about 11.
TEST(VerdictBesideTrajectory, TheLessonsGentleRampSwingsInPackets) {
  const Summary lesson = Packets(kCases[0]), slow = Packets(kCases[1]);
  EXPECT_GT(lesson.queue_sd_pkts, 3 * slow.queue_sd_pkts);
  EXPECT_GT(lesson.queue_sd_pkts, 40);
}

}  // namespace
}  // namespace aqmlab::analysis
