// CoDel's and FQ-CoDel's L4S threshold (ce_threshold_ms): the rule of ns-3's
// CoDelQueueDisc with UseL4s (an ECT(1) or CE packet whose sojourn is
// strictly above CeThreshold is CE-marked and never judged by CoDel's law)
// and Linux's strict codel_time_after test, on the pure law, through both
// queues, and in a closed loop with TCP Prague beside CUBIC.
#include <gtest/gtest.h>

#include <string>

#include "aqm/codel/codel_law.h"
#include "aqm/codel/codel_queue.h"
#include "aqm/fq_codel/fq_codel_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

using codel::Candidate;

codel::Params WithThreshold(double ms) {
  codel::Params p;
  p.ce_threshold_ms = ms;
  return p;
}

// A packet leaving at `now` after `sojourn`, with plenty queued behind it,
// on a link that marks.
Candidate Leaving(Time now, double sojourn_ms, Ecn ecn, bool markable = true) {
  return Candidate{now, Time::Millis(sojourn_ms), 500, 20000, false, markable, ecn};
}

bool SameState(const codel::State& a, const codel::State& b) {
  return a.above_target == b.above_target && a.first_above_time == b.first_above_time &&
         a.dropping == b.dropping && a.drop_next == b.drop_next && a.count == b.count &&
         a.lastcount == b.lastcount && a.loop == b.loop && a.max_packet == b.max_packet;
}

TEST(CodelL4sLaw, MarksEct1AndCeStrictlyAboveTheThreshold) {
  const codel::Params p = WithThreshold(1);
  for (Ecn ecn : {Ecn::kEct1, Ecn::kCe}) {
    codel::State s;
    const codel::Verdict over = codel::Judge(p, s, Leaving(Time::Millis(10), 1.001, ecn));
    EXPECT_EQ(over.decision, Decision::kCongest);
    EXPECT_TRUE(over.threshold_mark);
    // At the threshold itself: not after it (codel_time_after, CoDelTimeAfter).
    const codel::Verdict at = codel::Judge(p, s, Leaving(Time::Millis(11), 1.0, ecn));
    EXPECT_EQ(at.decision, Decision::kPass);
    EXPECT_FALSE(at.threshold_mark);
    const codel::Verdict under = codel::Judge(p, s, Leaving(Time::Millis(12), 0.5, ecn));
    EXPECT_EQ(under.decision, Decision::kPass);
  }
}

TEST(CodelL4sLaw, LeavesEct0AndNotEctToCodelsLaw) {
  const codel::Params p = WithThreshold(1);
  for (Ecn ecn : {Ecn::kEct0, Ecn::kNotEct}) {
    codel::State with;
    codel::State rfc;
    // 20 ms sojourns for 300 ms: CoDel arms, enters dropping after an
    // interval and signals; the threshold never speaks for these packets.
    for (int ms = 0; ms < 300; ++ms) {
      const Candidate c = Leaving(Time::Millis(ms), 20, ecn);
      const codel::Verdict v = codel::Judge(p, with, c);
      ASSERT_EQ(v.decision, codel::OnDequeue(codel::Params{}, rfc, c)) << ms;
      ASSERT_FALSE(v.threshold_mark) << ms;
    }
    EXPECT_TRUE(SameState(with, rfc));
    EXPECT_TRUE(with.dropping);
  }
}

TEST(CodelL4sLaw, ZeroTurnsItOffAndEct1GoesToCodel) {
  codel::State off;
  codel::State rfc;
  for (int ms = 0; ms < 300; ++ms) {
    const Candidate c = Leaving(Time::Millis(ms), 20, Ecn::kEct1);
    const codel::Verdict v = codel::Judge(WithThreshold(0), off, c);
    ASSERT_EQ(v.decision, codel::OnDequeue(codel::Params{}, rfc, c)) << ms;
    ASSERT_FALSE(v.threshold_mark);
  }
  EXPECT_TRUE(SameState(off, rfc));
}

TEST(CodelL4sLaw, DoesNothingWhereTheQueueMayNotMark) {
  // With the bottleneck's ECN off a CE mark is impossible: the packet is
  // CoDel's, as every other.
  codel::State s;
  const codel::Verdict v =
      codel::Judge(WithThreshold(1), s, Leaving(Time::Millis(10), 20, Ecn::kEct1, false));
  EXPECT_FALSE(v.threshold_mark);
  EXPECT_TRUE(s.above_target);  // CoDel saw it
}

TEST(CodelL4sLaw, L4sPacketsLeaveCodelsStateAsItWas) {
  // Classic packets at 20 ms, each followed by an ECT(1) packet: the classic
  // verdicts and CoDel's state are those of the classic packets alone, the
  // drop loop included (a drop followed by an L4S packet continues with the
  // next classic one).
  const codel::Params p = WithThreshold(1);
  codel::State mixed;
  codel::State alone;
  int marks = 0;
  int drops = 0;
  for (int ms = 0; ms < 600; ++ms) {
    const Time now = Time::Millis(ms);
    const Candidate classic = Leaving(now, 20, Ecn::kNotEct, false);
    const Decision d = codel::Judge(p, mixed, classic).decision;
    ASSERT_EQ(d, codel::OnDequeue(codel::Params{}, alone, classic)) << ms;
    if (d != Decision::kPass) ++drops;
    const codel::Verdict l4s = codel::Judge(p, mixed, Leaving(now, 20, Ecn::kEct1));
    ASSERT_TRUE(l4s.threshold_mark);
    ++marks;
    ASSERT_TRUE(SameState(mixed, alone)) << ms;
  }
  EXPECT_GT(drops, 5);
  EXPECT_EQ(marks, 600);
}

TEST(CodelL4sQueue, CoDelMarksEct1OverTheThresholdAndCountsTheMarks) {
  testing::QueueHarness h("codel", {{"ce_threshold_ms", 1}}, 200, /*ecn=*/true);
  EXPECT_EQ(h.disc().GetParam("ce_threshold_ms"), 1.0);
  h.ArriveWith(Ecn::kEct1);
  h.ArriveWith(Ecn::kEct0);
  h.ArriveWith(Ecn::kNotEct);
  h.ArriveWith(Ecn::kEct1);
  h.AtMillis(0.5);
  bool marked = true;
  h.Depart(&marked);  // ECT(1), waited 0.5 ms
  EXPECT_FALSE(marked);
  h.AtMillis(2);
  h.Depart(&marked);  // ECT(0) after 2 ms: CoDel's, below its target
  EXPECT_FALSE(marked);
  h.Depart(&marked);  // Not-ECT
  EXPECT_FALSE(marked);
  h.Depart(&marked);  // ECT(1) after 2 ms
  EXPECT_TRUE(marked);
  EXPECT_EQ(h.disc().counters().marks, 1);
  EXPECT_EQ(h.Signals()[3], 1.0);  // threshold_marks
  h.ExpectBalanced();
}

TEST(CodelL4sQueue, NoMarkWhenTheLinkHasNoEcn) {
  testing::QueueHarness h("codel", {{"ce_threshold_ms", 1}}, 200, /*ecn=*/false);
  h.ArriveWith(Ecn::kEct1);
  h.AtMillis(3);
  bool marked = true;
  EXPECT_GE(h.Depart(&marked), 0);
  EXPECT_FALSE(marked);
  EXPECT_EQ(h.Signals()[3], 0.0);
}

TEST(CodelL4sQueue, FqCodelMarksPerFlowQueueAndTakesLiveChanges) {
  testing::QueueHarness h("fq_codel", {}, 200, /*ecn=*/true);
  EXPECT_EQ(h.disc().GetParam("ce_threshold_ms"), 0.0);  // off by default
  h.ArriveWith(Ecn::kEct1, 1);
  h.AtMillis(3);
  bool marked = true;
  h.Depart(&marked);
  EXPECT_FALSE(marked);
  ASSERT_TRUE(h.disc().SetParam("ce_threshold_ms", 1).ok());
  h.ArriveWith(Ecn::kEct1, 1);
  h.ArriveWith(Ecn::kEct0, 2);
  h.AtMillis(6);
  int marks = 0;
  for (int i = 0; i < 2; ++i) {
    const int32_t flow = h.Depart(&marked);
    EXPECT_EQ(marked, flow == 1) << flow;
    marks += marked ? 1 : 0;
  }
  EXPECT_EQ(marks, 1);
  EXPECT_EQ(h.Signals()[3], 1.0);
  EXPECT_FALSE(h.disc().CheckParam("ce_threshold_ms", -1).ok());
  h.ExpectBalanced();
}

// One TCP Prague flow and one CUBIC flow through FQ-CoDel at 100 Mb/s, each
// in its own flow queue, 1 Gb/s access links (the bottleneck is the only
// queue). With a 1 ms threshold Prague's p99 sojourn stays at or below 2 ms,
// the bound RFC 9332's L queue is held to with its 1 ms step; CUBIC, judged
// by CoDel alone (its packets are Not-ECT), sees drops, and its median sojourn
// is below CoDel's 5 ms target. Without the threshold CoDel marks Prague at
// its 5 ms target and Prague's p99 is above 5 ms. Measured (seed 1, 30 s
// after 10 s): Prague p99 1.4 / 1.8 / 1.5 ms at RTT 20 / 40 / 60 ms; CUBIC
// p50 2.0 / 0.4 / 0.3 ms; without the threshold Prague's p99 9.1 ms at 20 ms.
std::string PragueAndCubic(int rtt_ms, double ce_threshold_ms) {
  return R"({"seed": 1, "duration_s": 40, "warmup_s": 10, "access_mbps": 1000,
    "bottleneck": {"capacity_mbps": 100, "delay_ms": 5, "buffer_pkts": 2000,
                   "packet_bytes": 1500, "ecn": true},
    "groups": [{"kind": "tcp", "count": 1, "rtt_ms": [)" +
         std::to_string(rtt_ms) + R"(], "class": "prague", "variant": "prague", "ecn": true},
               {"kind": "tcp", "count": 1, "rtt_ms": [)" +
         std::to_string(rtt_ms) + R"(], "class": "cubic", "variant": "cubic"}],
    "sides": [{"aqm": "fq_codel", "params": {"ce_threshold_ms": )" +
         std::to_string(ce_threshold_ms) + "}}]}";
}

const ClassSummary& ClassOf(const Summary& s, const std::string& name) {
  for (const ClassSummary& c : s.classes) {
    if (c.name == name) return c;
  }
  ADD_FAILURE() << "no class " << name;
  return s.classes.front();
}

TEST(CodelL4sClosedLoop, PragueStaysUnderTwoMillisecondsBesideCubic) {
  for (int rtt : {20, 40, 60}) {
    const Summary s = testing::RunSummary(PragueAndCubic(rtt, 1), 0);
    const ClassSummary& prague = ClassOf(s, "prague");
    const ClassSummary& cubic = ClassOf(s, "cubic");
    ASSERT_TRUE(prague.delay && cubic.delay);
    EXPECT_LE(prague.delay->p99_ms, 2.0) << "RTT " << rtt;
    EXPECT_LT(cubic.delay->p50_ms, 5.0) << "RTT " << rtt;
    EXPECT_GT(cubic.loss_ratio.value_or(0), 0) << "RTT " << rtt;  // CoDel drops CUBIC's
    EXPECT_EQ(prague.loss_ratio.value_or(1), 0) << "RTT " << rtt;  // marked, never dropped
    EXPECT_GT(prague.goodput_mbps, 30) << "RTT " << rtt;
    EXPECT_GT(cubic.goodput_mbps, 30) << "RTT " << rtt;
  }
  const Summary off = testing::RunSummary(PragueAndCubic(20, 0), 0);
  EXPECT_GT(ClassOf(off, "prague").delay->p99_ms, 5.0);
}

}  // namespace
}  // namespace aqmlab
