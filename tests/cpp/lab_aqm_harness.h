// Helpers shared by the tests of LRED, AOPC, MSC, AAQM, ARED, SRED and
// AutoRED (aqm_<name>_test.cc): a discipline on its own, driven packet by
// packet, and the invariants every discipline must keep in a closed-loop run
// through the real simulator. The packet-by-packet driver is the baselines'
// QueueHarness (aqm_harness.h) under another calling convention.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "aqm/registry.h"
#include "aqm_harness.h"
#include "net/packet.h"
#include "sim/event_loop.h"
#include "test_util.h"

namespace aqmlab::labtest {

using testing::Column;
using testing::ParseOrDie;
using testing::RunSummary;
using testing::RunToEnd;

inline LinkContext TestLink(int64_t buffer_packets = 200, bool ecn = false) {
  return testing::QueueHarness::Link(buffer_packets, ecn);
}

// The baseline harness with the calling convention these tests use: packets
// of one flow, offered by size, and Depart() answering whether one left.
class DisciplineHarness : public testing::QueueHarness {
 public:
  DisciplineHarness(std::string_view aqm, const ParamOverrides& overrides = {},
                    const LinkContext& link = TestLink(), uint64_t seed = 1)
      : QueueHarness(std::string(aqm), overrides, link, seed) {}
  bool Arrive(Bytes size = 500, bool ect = false) { return QueueHarness::Arrive(0, size, ect); }
  bool Depart() { return QueueHarness::Depart() >= 0; }
  void AdvanceTo(Time t) { At(t); }
};

// Every arrival has left, been dropped, or still waits.
inline void ExpectCountersAddUp(const QueueDisc& q) {
  const QueueCounters& c = q.counters();
  EXPECT_EQ(c.arrivals, c.departures + c.drops_total() + q.packets());
  EXPECT_LE(c.marks, c.departures + q.packets());
}

// A refused change leaves every parameter and every inner signal as it was.
inline void ExpectRefusedUntouched(DisciplineHarness& h, std::string_view name, double value,
                                   std::string_view message_part) {
  QueueDisc& q = h.disc();
  std::vector<double> before_params;
  for (const ParamSpec& s : q.descriptor().params) before_params.push_back(q.GetParam(s.name));
  const std::vector<double> before_signals = h.Signals();
  const double before_p = q.probability();
  const Status s = q.SetParam(name, value);
  EXPECT_FALSE(s.ok()) << name << " = " << value;
  EXPECT_NE(s.error.find(message_part), std::string::npos) << s.error;
  size_t i = 0;
  for (const ParamSpec& spec : q.descriptor().params) {
    EXPECT_EQ(q.GetParam(spec.name), before_params[i++]) << spec.name;
  }
  EXPECT_EQ(h.Signals(), before_signals);
  EXPECT_EQ(q.probability(), before_p);
}

// Long-lived TCP flows over the lab's 10 Mb/s, 500 B, buffer-200 dumbbell,
// RTTs 60..220 ms (the AOPC paper's range).
inline std::string LongLivedScenario(const std::string& aqm, const std::string& params_json,
                                     int flows, double duration_s, double warmup_s,
                                     bool ecn = false, uint64_t seed = 1) {
  const std::string e = ecn ? "true" : "false";
  return R"({"seed": )" + std::to_string(seed) + R"(, "duration_s": )" +
         std::to_string(duration_s) + R"(, "warmup_s": )" + std::to_string(warmup_s) +
         R"(, "bottleneck": {"capacity_mbps": 10, "delay_ms": 10, "buffer_pkts": 200,
              "packet_bytes": 500, "ecn": )" + e + R"(},
         "groups": [{"count": )" + std::to_string(flows) +
         R"(, "rtt_ms": {"min": 60, "max": 220}, "start": "staggered",
                     "start_window_s": 2, "ecn": )" + e + R"(}],
         "sides": [{"aqm": ")" + aqm + R"(", "params": )" + params_json + "}]}";
}

// Mean and standard deviation of a metric column over samples with t in [from, to).
struct ColumnStats {
  double mean = 0;
  double sd = 0;
  size_t n = 0;
};
inline ColumnStats StatsOver(const Simulation& sim, const std::string& column, double from,
                             double to) {
  const std::vector<double> t = Column(sim, "t");
  const std::vector<double> v = Column(sim, column);
  EXPECT_EQ(t.size(), v.size()) << column;
  ColumnStats s;
  double sum = 0, sq = 0;
  for (size_t i = 0; i < t.size() && i < v.size(); ++i) {
    if (t[i] < from || t[i] >= to) continue;
    sum += v[i];
    sq += v[i] * v[i];
    ++s.n;
  }
  if (s.n == 0) return s;
  s.mean = sum / static_cast<double>(s.n);
  s.sd = std::sqrt(std::fmax(0.0, sq / static_cast<double>(s.n) - s.mean * s.mean));
  return s;
}

inline void ExpectSameSummary(const Summary& a, const Summary& b) {
  EXPECT_EQ(a.arrivals, b.arrivals);
  EXPECT_EQ(a.departures, b.departures);
  EXPECT_EQ(a.drops_overflow, b.drops_overflow);
  EXPECT_EQ(a.drops_forced, b.drops_forced);
  EXPECT_EQ(a.drops_early, b.drops_early);
  EXPECT_EQ(a.marks, b.marks);
  EXPECT_EQ(a.events, b.events);
  EXPECT_EQ(a.mean_queue_pkts, b.mean_queue_pkts);
  EXPECT_EQ(a.queue_sd_pkts, b.queue_sd_pkts);
  EXPECT_EQ(a.mean_delay_ms, b.mean_delay_ms);
  EXPECT_EQ(a.throughput_mbps, b.throughput_mbps);
  EXPECT_EQ(a.goodput_mbps, b.goodput_mbps);
  EXPECT_EQ(a.loss_ratio, b.loss_ratio);
  EXPECT_EQ(a.fairness, b.fairness);
}

// The invariants of any discipline in a short closed-loop run: p(t) in
// [0, 1], finite inner signals, counters that add up, and a bit-identical
// summary when the same seed runs again. Runs once without and once with ECN
// so marks are exercised too.
inline void ExpectClosedLoopInvariants(const std::string& aqm, const std::string& params_json) {
  for (bool ecn : {false, true}) {
    SCOPED_TRACE(ecn ? "ECN on" : "ECN off");
    const Scenario scenario = ParseOrDie(LongLivedScenario(aqm, params_json, 60, 12, 4, ecn));
    auto first = RunToEnd(scenario);
    auto second = RunToEnd(scenario);
    ASSERT_TRUE(first && second);
    const QueueDisc& q = first->bottleneck().disc();
    ExpectCountersAddUp(q);
    EXPECT_GT(q.counters().departures, 1000);
    if (ecn) {
      EXPECT_GT(q.counters().marks, 0);
    } else {
      EXPECT_EQ(q.counters().marks, 0);
    }
    for (double p : Column(*first, "p")) {
      ASSERT_GE(p, 0.0);
      ASSERT_LE(p, 1.0);
    }
    for (const SignalSpec& s : q.descriptor().signals) {
      const std::vector<double> col = Column(*first, "aqm." + std::string(s.name));
      ASSERT_FALSE(col.empty()) << s.name;
      for (double v : col) ASSERT_TRUE(std::isfinite(v)) << s.name;
    }
    ExpectSameSummary(first->summary(), second->summary());
    EXPECT_EQ(Column(*first, "queue_pkts"), Column(*second, "queue_pkts"));
  }
}

}  // namespace aqmlab::labtest
