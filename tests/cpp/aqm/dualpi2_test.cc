// DualPI2 (RFC 9332; Linux sch_dualpi2): the law's numbers worked by hand
// from the RFC's pseudocode (App. A.1) and Linux's constants, the
// classifier, the scheduler's shares, and a closed-loop run of TCP Prague
// beside CUBIC in which the L queue stays near its 1 ms step, the Classic
// queue near its 15 ms target, each queue signals at the rate its
// probability of the moment (p_C = p'^2, p_CL = k p') predicts, and the
// measured rates obey p_C = (p_CL / k)^2 within each PI update interval.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "aqm/dualpi2/dualpi2_law.h"
#include "aqm/dualpi2/dualpi2_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

using dualpi2::LCause;

TEST(DualPi2Law, ThePresetsAreLinuxsAndTheRfcs) {
  const dualpi2::Params linux = dualpi2::LinuxParams();
  EXPECT_EQ(linux.target_ms, 15);
  EXPECT_EQ(linux.t_update_ms, 16);
  EXPECT_EQ(linux.alpha, 0.16);
  EXPECT_EQ(linux.beta, 3.2);
  EXPECT_EQ(linux.k, 2);
  EXPECT_EQ(linux.step_thresh_ms, 1);
  EXPECT_EQ(linux.classic_protection, 10);
  // RFC 9332 App. A.1 derives them from target 15 ms and RTT_max 100 ms.
  const dualpi2::Params rfc = dualpi2::RfcParams();
  EXPECT_EQ(rfc.t_update_ms, 15);
  EXPECT_NEAR(rfc.alpha, 0.15, 1e-15);
  EXPECT_NEAR(rfc.beta, 3.0, 1e-15);
  EXPECT_EQ(rfc.k, 2);
  EXPECT_EQ(rfc.step_thresh_ms, 0.8);
  EXPECT_EQ(rfc.ramp_ms, 0.4);
  // The descriptor's defaults are Linux's.
  for (const ParamSpec& s : DualPi2Queue::Describe().params) {
    if (s.name == "alpha") EXPECT_EQ(s.default_value, 0.16);
    if (s.name == "t_update_ms") EXPECT_EQ(s.default_value, 16);
  }
}

TEST(DualPi2Law, PiUpdateFollowsThePseudocodeOnTheLargerHeadDelay) {
  const dualpi2::Params p = dualpi2::LinuxParams();
  dualpi2::State s;
  // q = max(0, 20 ms): 0.16 (0.020 - 0.015) + 3.2 (0.020 - 0) = 0.0648.
  dualpi2::Update(p, s, Time(), Time::Millis(20));
  EXPECT_NEAR(s.p, 0.0648, 1e-12);
  EXPECT_EQ(s.prev_qdelay, Time::Millis(20));
  // The L queue's head is older: q = 30 ms, + 0.16 * 0.015 + 3.2 * 0.010.
  dualpi2::Update(p, s, Time::Millis(30), Time::Millis(25));
  EXPECT_NEAR(s.p, 0.0992, 1e-12);
  // q = 10 ms: - 0.16 * 0.005 - 3.2 * 0.020 = -0.0648.
  dualpi2::Update(p, s, Time::Millis(10), Time());
  EXPECT_NEAR(s.p, 0.0344, 1e-12);
  // The RFC's gains: 0.15 * 0.005 + 3 * 0.020 = 0.06075 from zero.
  dualpi2::State r;
  dualpi2::Update(dualpi2::RfcParams(), r, Time(), Time::Millis(20));
  EXPECT_NEAR(r.p, 0.06075, 1e-12);
}

TEST(DualPi2Law, BaseProbabilityIsClampedAndCappedAtOneOverKWithoutOverloadDrop) {
  dualpi2::Params p = dualpi2::LinuxParams();
  dualpi2::State s;
  dualpi2::Update(p, s, Time::Seconds(1), Time());  // +3.36: clamped to 1
  EXPECT_EQ(s.p, 1.0);
  dualpi2::Update(p, s, Time(), Time());  // -3.2 - 0.0024: clamped to 0
  EXPECT_EQ(s.p, 0.0);
  p.drop_on_overload = false;  // Linux caps p' at MAX_PROB / k
  dualpi2::State t;
  dualpi2::Update(p, t, Time::Seconds(1), Time());
  EXPECT_EQ(t.p, 0.5);
}

TEST(DualPi2Law, ClassicIsTheSquareAndTheCoupledLIsKTimesSaturatingAtOne) {
  const dualpi2::Params p = dualpi2::LinuxParams();
  EXPECT_NEAR(dualpi2::ClassicP(0.3), 0.09, 1e-15);
  EXPECT_NEAR(dualpi2::CoupledP(p, 0.3), 0.6, 1e-15);
  // p_C = (p_CL / k)^2 below saturation.
  EXPECT_NEAR(dualpi2::ClassicP(0.3), (dualpi2::CoupledP(p, 0.3) / 2) * (dualpi2::CoupledP(p, 0.3) / 2),
              1e-15);
  EXPECT_EQ(dualpi2::CoupledP(p, 0.6), 1.0);
  EXPECT_FALSE(dualpi2::Overloaded(p, 0.5));  // k p' = 1 is not yet over
  EXPECT_TRUE(dualpi2::Overloaded(p, 0.6));
}

TEST(DualPi2Law, TheStepFiresAboveItsThresholdAndTheRfcRampIsLinear) {
  const dualpi2::Params step = dualpi2::LinuxParams();
  EXPECT_EQ(dualpi2::NativeP(step, Time::Millis(1)), 0.0);
  EXPECT_EQ(dualpi2::NativeP(step, Time::Micros(1001)), 1.0);
  const dualpi2::Params ramp = dualpi2::RfcParams();
  EXPECT_EQ(dualpi2::NativeP(ramp, Time::Micros(800)), 0.0);
  EXPECT_NEAR(dualpi2::NativeP(ramp, Time::Micros(1000)), 0.5, 1e-12);
  EXPECT_NEAR(dualpi2::NativeP(ramp, Time::Micros(1200)), 1.0, 1e-12);
  EXPECT_EQ(dualpi2::NativeP(ramp, Time::Micros(1300)), 1.0);
  // In the L queue the step marks even an almost empty queue.
  const dualpi2::State zero;
  const dualpi2::LVerdict v = dualpi2::OnL(step, zero, Time::Millis(2), 0, 500, 0.99);
  EXPECT_EQ(v.decision, Decision::kCongest);
  EXPECT_EQ(v.cause, LCause::kStep);
}

TEST(DualPi2Law, NoProbabilisticSignalUnderTwoMtus) {
  const dualpi2::Params p = dualpi2::LinuxParams();
  dualpi2::State s;
  s.p = 0.4;  // p_C 0.16, p_CL 0.8
  EXPECT_EQ(dualpi2::OnClassic(p, s, 999, 500, 0.0), Decision::kPass);
  EXPECT_EQ(dualpi2::OnClassic(p, s, 1000, 500, 0.15), Decision::kCongest);
  EXPECT_EQ(dualpi2::OnClassic(p, s, 1000, 500, 0.17), Decision::kPass);
  EXPECT_EQ(dualpi2::OnL(p, s, Time::Micros(500), 999, 500, 0.5).decision, Decision::kPass);
  const dualpi2::LVerdict coupled = dualpi2::OnL(p, s, Time::Micros(500), 1000, 500, 0.5);
  EXPECT_EQ(coupled.decision, Decision::kCongest);
  EXPECT_EQ(coupled.cause, LCause::kCoupled);
  EXPECT_EQ(dualpi2::OnL(p, s, Time::Micros(500), 1000, 500, 0.85).decision, Decision::kPass);
}

TEST(DualPi2Law, OverloadDropsLPacketsWithTheClassicProbabilityAndMarksTheRest) {
  dualpi2::Params p = dualpi2::LinuxParams();
  dualpi2::State s;
  s.p = 0.6;  // k p' = 1.2 > 1; p_C = 0.36
  const dualpi2::LVerdict drop = dualpi2::OnL(p, s, Time(), 5000, 500, 0.35);
  EXPECT_EQ(drop.decision, Decision::kForceDrop);
  EXPECT_EQ(drop.cause, LCause::kOverloadDrop);
  const dualpi2::LVerdict mark = dualpi2::OnL(p, s, Time(), 5000, 500, 0.37);
  EXPECT_EQ(mark.decision, Decision::kCongest);
  EXPECT_EQ(mark.cause, LCause::kOverloadMark);
  // Classic packets are dropped, ECN-capable or not (RFC 9332 App. A.1:
  // p_C >= p_Cmax = 1/k^2 disables ECN).
  EXPECT_EQ(dualpi2::OnClassic(p, s, 5000, 500, 0.35), Decision::kForceDrop);
  EXPECT_EQ(dualpi2::OnClassic(p, s, 5000, 500, 0.37), Decision::kPass);
  // Just below overload the L signal is a mark again.
  s.p = 0.5;
  EXPECT_EQ(dualpi2::OnL(p, s, Time(), 5000, 500, 0.35).cause, LCause::kCoupled);
  // Without drop on overload every L packet is marked.
  p.drop_on_overload = false;
  s.p = 0.6;
  EXPECT_EQ(dualpi2::OnL(p, s, Time(), 5000, 500, 0.0).cause, LCause::kOverloadMark);
}

TEST(DualPi2Queue, ClassifiesEct1AndCeToTheLQueue) {
  testing::QueueHarness h("dualpi2", {}, 100, true);
  auto& q = h.as<DualPi2Queue>();
  ASSERT_TRUE(h.ArriveWith(Ecn::kEct1));
  ASSERT_TRUE(h.ArriveWith(Ecn::kCe));
  EXPECT_EQ(q.l_packets(), 2);
  EXPECT_EQ(q.c_packets(), 0);
  ASSERT_TRUE(h.ArriveWith(Ecn::kEct0));
  ASSERT_TRUE(h.ArriveWith(Ecn::kNotEct));
  EXPECT_EQ(q.l_packets(), 2);
  EXPECT_EQ(q.c_packets(), 2);
  h.ExpectBalanced();
}

// Both queues backlogged with equal packets: the Classic queue's share of
// the first 100 departures, which with Linux's credit is exactly
// classic_protection percent (wc = 10: nine L packets, then one Classic).
int ClassicShare(int64_t protection) {
  testing::QueueHarness h("dualpi2", {{"classic_protection", static_cast<double>(protection)}},
                          1000, true);
  for (int i = 0; i < 200; ++i) {
    h.ArriveWith(Ecn::kEct1, 1);
    h.ArriveWith(Ecn::kEct0, 2);
  }
  int classic = 0;
  for (int i = 0; i < 100; ++i) classic += h.Depart() == 2 ? 1 : 0;
  return classic;
}

TEST(DualPi2Queue, WeightedRoundRobinGivesTheClassicQueueItsProtectedShare) {
  EXPECT_EQ(ClassicShare(10), 10);
  EXPECT_EQ(ClassicShare(30), 30);
  EXPECT_EQ(ClassicShare(50), 50);
  // The order: L first (the credit starts at MTU (wc - wl) < 0).
  testing::QueueHarness h("dualpi2", {}, 1000, true);
  for (int i = 0; i < 20; ++i) {
    h.ArriveWith(Ecn::kEct1, 1);
    h.ArriveWith(Ecn::kEct0, 2);
  }
  for (int i = 0; i < 9; ++i) EXPECT_EQ(h.Depart(), 1) << i;
  EXPECT_EQ(h.Depart(), 2);
  EXPECT_EQ(h.Depart(), 1);
  // An empty L queue leaves the link to the Classic queue.
  testing::QueueHarness c("dualpi2", {}, 1000, true);
  for (int i = 0; i < 5; ++i) c.ArriveWith(Ecn::kNotEct, 2);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(c.Depart(), 2);
}

TEST(DualPi2Queue, SignalsReadTheLawAndTheQueues) {
  testing::QueueHarness h("dualpi2", {}, 1000, true);
  // A Classic head 16 ms old at the first update (16 ms): p' from
  // 0.16 (0.016 - 0.015) + 3.2 * 0.016 = 0.05136.
  h.ArriveWith(Ecn::kNotEct, 2);
  h.AtMillis(16);
  const auto sig = h.Signals();
  EXPECT_NEAR(sig[0], 0.05136, 1e-12);
  EXPECT_NEAR(sig[1], 0.05136 * 0.05136, 1e-12);
  EXPECT_NEAR(sig[2], 2 * 0.05136, 1e-12);
  EXPECT_NEAR(h.disc().probability(), 0.05136 * 0.05136, 1e-12);
  EXPECT_EQ(h.Depart(), 2);
  EXPECT_NEAR(h.Signals()[4], 16, 1e-9);  // the Classic packet's sojourn
}

// Each queue's length, sampled as the columns queue.l.queue_pkts and
// queue.c.queue_pkts: they follow the classifier, add up to the link's
// queue, and each packet carries its queue's index.
TEST(DualPi2Queue, PerQueueLengthsAddUpToTheQueue) {
  testing::QueueHarness h("dualpi2", {}, 1000, true);
  const auto& d = DualPi2Queue::Describe();
  ASSERT_EQ(d.queues.size(), 2u);
  EXPECT_EQ(d.queues[DualPi2Queue::kLQueue].name, "l");
  EXPECT_EQ(d.queues[DualPi2Queue::kClassicQueue].name, "c");
  for (int i = 0; i < 3; ++i) h.ArriveWith(Ecn::kEct1, 1);
  for (int i = 0; i < 5; ++i) h.ArriveWith(i % 2 ? Ecn::kEct0 : Ecn::kNotEct, 2);
  EXPECT_EQ(h.disc().QueuePackets(DualPi2Queue::kLQueue), 3);
  EXPECT_EQ(h.disc().QueuePackets(DualPi2Queue::kClassicQueue), 5);
  EXPECT_EQ(h.disc().packets(), 8);
  uint8_t from = 9;
  EXPECT_EQ(h.Depart(nullptr, &from), 1);  // L first
  EXPECT_EQ(from, DualPi2Queue::kLQueue);
  EXPECT_EQ(h.disc().QueuePackets(DualPi2Queue::kLQueue), 2);
  EXPECT_EQ(h.disc().QueuePackets(DualPi2Queue::kClassicQueue), 5);
}

// One TCP Prague flow (ECT(1)) and one CUBIC flow (ECT(0)) of equal round
// trip through DualPI2 at 100 Mb/s (the invariants a DualPI2 must hold there).
constexpr const char* kCoexistence = R"({
  "version": 1, "seed": 1, "duration_s": 120, "warmup_s": 20,
  "bottleneck": {"capacity_mbps": 100, "delay_ms": 5, "buffer_pkts": 4000,
                 "packet_bytes": 1500, "ecn": true},
  "groups": [
    {"kind": "tcp", "class": "prague", "count": 1, "variant": "prague", "ecn": true,
     "rtt_ms": {"min": 20, "max": 20}},
    {"kind": "tcp", "class": "cubic", "count": 1, "variant": "cubic", "ecn": true,
     "rtt_ms": {"min": 20, "max": 20}}
  ],
  "sides": [{"name": "DualPI2", "aqm": "dualpi2", "params": {}}]
})";

// The coupling in closed loop. Each decision uses p_C = p'^2 and
// p_CL = k p' of the moment (the law tests check those); over a run p'
// swings with CUBIC's saw-tooth, so the run's signal rates do not obey
// p_C = (p_CL / k)^2 between their averages (E[p'^2] > E[p']^2: measured
// 1.7 times here). What must hold is that each queue's signals are the
// sum of its probabilities at the time: the classic queue's signals
// against the time average of p_C times its departures, the L queue's
// coupled marks against that of p_CL times its unstepped departures, each
// within three standard deviations of a Poisson count (plus 5% for
// sampling p' every 4 ms against departures that are not uniform in time).
TEST(DualPi2Simulation, PragueAndCubicShareWithTheCouplingHolding) {
  const Scenario scenario = testing::ParseOrDie(kCoexistence);
  auto sim = testing::Build(scenario);
  ASSERT_NE(sim, nullptr);
  ASSERT_TRUE(sim->AdvanceTo(Time::Seconds(scenario.warmup_s)).ok());
  const auto& q = static_cast<const DualPi2Queue&>(sim->bottleneck().disc());
  const DualPi2Counts a = q.counts();
  double sum_pc = 0, sum_pcl = 0;
  int64_t samples = 0;
  std::vector<double> sig(DualPi2Queue::Describe().signals.size());
  for (Time t = Time::Seconds(scenario.warmup_s) + Time::Millis(4); t <= sim->end(); t = t + Time::Millis(4)) {
    ASSERT_TRUE(sim->AdvanceTo(t).ok());
    q.ReadSignals(sig);
    sum_pc += sig[1];
    sum_pcl += sig[2];
    ++samples;
  }
  const DualPi2Counts b = q.counts();
  const Summary s = sim->summary();
  ASSERT_EQ(s.classes.size(), 2u);
  const ClassSummary& l = s.classes[0];
  const ClassSummary& c = s.classes[1];
  ASSERT_EQ(l.name, "prague");
  ASSERT_TRUE(l.delay && c.delay);
  // The L queue's p99 at or below 2 ms; the Classic mean within 20% of 15 ms.
  EXPECT_LE(l.delay->p99_ms, 2.0);
  EXPECT_NEAR(c.delay->mean_ms, 15.0, 3.0);
  const auto within_poisson = [](double observed, double expected) {
    return std::abs(observed - expected) <= 3 * std::sqrt(expected) + 0.05 * expected;
  };
  const double c_signals = static_cast<double>(b.c_signals - a.c_signals);
  const double c_expected = sum_pc / static_cast<double>(samples) * static_cast<double>(b.c_departures - a.c_departures);
  EXPECT_TRUE(within_poisson(c_signals, c_expected)) << "classic signals " << c_signals << ", expected " << c_expected;
  const double l_marks = static_cast<double>(b.coupled_marks - a.coupled_marks);
  const double l_expected = sum_pcl / static_cast<double>(samples) * static_cast<double>(b.l_unstepped - a.l_unstepped);
  EXPECT_TRUE(within_poisson(l_marks, l_expected)) << "coupled marks " << l_marks << ", expected " << l_expected;
  ASSERT_GT(c_signals, 20);  // enough signals for the check to mean something
  ASSERT_GT(l_marks, 1000);
  // The two flows' throughput within a factor of two.
  const double ratio = l.throughput_mbps / c.throughput_mbps;
  EXPECT_GE(ratio, 0.5);
  EXPECT_LE(ratio, 2.0);
  EXPECT_GE(s.utilisation, 0.9);
  RecordProperty("l_p99_ms", std::to_string(l.delay->p99_ms));
  RecordProperty("c_mean_ms", std::to_string(c.delay->mean_ms));
  RecordProperty("c_signals", std::to_string(c_signals));
  RecordProperty("c_expected", std::to_string(c_expected));
  RecordProperty("l_marks", std::to_string(l_marks));
  RecordProperty("l_expected", std::to_string(l_expected));
  RecordProperty("ratio", std::to_string(ratio));
}

// The coupling on the measured rates themselves: they obey
// p_C = (p_CL / k)^2, taken over each PI update interval (16 ms), within
// which p' does not change, and summed. Over a whole run they do not (the
// test above: E[p'^2] > E[p']^2). In an interval w with C_w Classic
// departures, U_w L departures the step left to the coupling and m_w
// coupled marks, m_w (m_w - 1) / (U_w (U_w - 1)) is an unbiased estimate of
// p_CL^2 (the marks are binomial at one probability), so the Classic
// signals the coupling predicts are the sum over intervals of
// C_w m_w (m_w - 1) / (U_w (U_w - 1)) / k^2. A single CUBIC flow meets a
// Classic signal about twice a second, so the run measures 1,000 s (421 to
// 445 signals at seeds 1-7: a Poisson count's standard deviation is then
// 5%). Seeds 1-7 gave 0.87 to 1.01 measured against predicted (seed 1:
// 1.00); the run's averages, 1.36 to 1.65.
TEST(DualPi2Simulation, MeasuredRatesObeyTheCouplingWithinEachUpdateInterval) {
  Scenario scenario = testing::ParseOrDie(kCoexistence);
  scenario.duration_s = 1020;
  auto sim = testing::Build(scenario);
  ASSERT_NE(sim, nullptr);
  const auto& q = static_cast<const DualPi2Queue&>(sim->bottleneck().disc());
  const dualpi2::Params& params = q.params();
  const Time interval = Time::Millis(params.t_update_ms);
  // The update timer runs from time 0, so intervals start at its multiples.
  const Time start = Time::Seconds(scenario.warmup_s);
  ASSERT_EQ(start.ns() % interval.ns(), 0);
  ASSERT_TRUE(sim->AdvanceTo(start).ok());
  DualPi2Counts before = q.counts();
  double observed = 0, predicted = 0;
  double run_c = 0, run_u = 0, run_m = 0, run_s = 0;
  for (Time t = start + interval; t <= sim->end(); t = t + interval) {
    ASSERT_TRUE(sim->AdvanceTo(t).ok());
    const DualPi2Counts now = q.counts();
    const auto c = static_cast<double>(now.c_departures - before.c_departures);
    const auto s = static_cast<double>(now.c_signals - before.c_signals);
    const auto u = static_cast<double>(now.l_unstepped - before.l_unstepped);
    const auto m = static_cast<double>(now.coupled_marks - before.coupled_marks);
    run_c += c;
    run_s += s;
    run_u += u;
    run_m += m;
    if (u >= 2) {
      observed += s;
      predicted += c * m * (m - 1) / (u * (u - 1)) / (params.k * params.k);
    }
    before = now;
  }
  ASSERT_GT(observed, 300);  // enough signals for 20% to be a test
  EXPECT_NEAR(observed / predicted, 1.0, 0.2) << observed << " Classic signals, " << predicted << " predicted";
  // The run's averages, by contrast, are far apart (Jensen's inequality).
  const double p_cl = run_m / run_u;
  const double run_ratio = (run_s / run_c) / ((p_cl / params.k) * (p_cl / params.k));
  EXPECT_GT(run_ratio, 1.2);
  RecordProperty("observed", std::to_string(observed));
  RecordProperty("predicted", std::to_string(predicted));
  RecordProperty("run_average_ratio", std::to_string(run_ratio));
}

}  // namespace
}  // namespace aqmlab
