// BBR v1's state machine, gains and filters against numbers worked from
// Cardwell et al. (ACM Queue 2016) and Linux 4.9's tcp_bbr.c: Startup ends
// after three rounds without 25% more bandwidth, Drain when inflight is
// down to one BDP, ProbeRTT after 10 s without a lower round trip, held
// 200 ms and a round; the gain cycle; the 10-round max filter.
#include <gtest/gtest.h>

#include <vector>

#include "traffic/cc/bbr/bbr.h"
#include "traffic/cc/registry.h"

namespace aqmlab {
namespace {

using bbr::Mode;

// Drives one Bbr with hand-made ACKs. Each ACK delivers `per_ack`
// segments and carries a sample of rate `bw` (segments per second) over a
// one-second interval; with `new_round` the sampled segment was sent after the
// previous ACK's, so it starts a round.
struct Driver {
  explicit Driver(const bbr::Params& p = {}) : cc(p) {
    cc.Reset(CcStart{Time(), 10, 1500, 1, 0});
  }
  void Ack(double t, double bw, double inflight, Time rtt = Time::Millis(50), bool new_round = true,
           CcPhase phase = CcPhase::kOpen, int64_t lost = 0) {
    AckEvent a{Time::Seconds(t), per_ack, false, 0, 0, rtt};
    a.delivered = per_ack;
    a.lost = lost;
    a.prior_inflight = inflight;
    a.inflight = inflight;
    a.phase = phase;
    const int64_t before = delivered;
    delivered += per_ack;
    a.rate.delivered_total = delivered;
    a.rate.delivered_time = a.now;
    a.rate.interval = Time::Seconds(1);
    a.rate.delivered = static_cast<int64_t>(bw);
    a.rate.prior_delivered = new_round ? before : before - 1;
    cc.OnAck(a, w);
  }
  Mode mode() const { return cc.state().mode; }
  Bbr cc;
  CcWindow w{10, 10000};
  int64_t delivered = 0;
  int64_t per_ack = 10;
};

// Startup at 100, 200, 400 segments/s, then 450, 480, 490: 25% above the
// plateau of 400 would be 500, so those are three rounds without growth.
void FillPipe(Driver& d, double inflight = 200) {
  double t = 0.05;
  for (double bw : {100.0, 200.0, 400.0, 450.0, 480.0, 490.0}) {
    d.Ack(t, bw, inflight);
    t += 0.05;
  }
}

TEST(Bbr, StartupEndsAfterThreeRoundsWithoutAQuarterMoreBandwidth) {
  Driver d;
  double t = 0.05;
  for (double bw : {100.0, 200.0, 400.0, 450.0, 480.0}) {
    d.Ack(t, bw, 200);
    t += 0.05;
  }
  EXPECT_EQ(d.mode(), Mode::kStartup);
  EXPECT_EQ(d.cc.state().full_bw, 400);
  EXPECT_EQ(d.cc.state().full_bw_count, 2);
  // Startup paces at 2/ln 2 of the estimate: 2.8854 x 480.
  EXPECT_NEAR(d.cc.PacingRate(d.w), 480 * 2.885390081777927, 1e-9);
  // An ACK within the same round does not count a third round.
  d.Ack(t, 490, 200, Time::Millis(50), false);
  EXPECT_EQ(d.mode(), Mode::kStartup);
  d.Ack(t + 0.05, 490, 200);
  EXPECT_EQ(d.mode(), Mode::kDrain);
  EXPECT_NEAR(d.cc.state().pacing_gain, 0.34657359027997264, 1e-15);  // ln 2 / 2
  EXPECT_NEAR(d.cc.PacingRate(d.w), 490 * 0.34657359027997264, 1e-9);
}

TEST(Bbr, AQuarterMoreBandwidthRestartsTheCount) {
  Driver d;
  double t = 0.05;
  for (double bw : {100.0, 200.0, 400.0, 450.0, 480.0, 500.0, 510.0, 520.0}) {
    d.Ack(t, bw, 200);
    t += 0.05;
  }
  // 500 = 1.25 x 400 set a new plateau; 510 and 520 are two rounds short of it.
  EXPECT_EQ(d.cc.state().full_bw, 500);
  EXPECT_EQ(d.cc.state().full_bw_count, 2);
  EXPECT_EQ(d.mode(), Mode::kStartup);
}

TEST(Bbr, DrainEndsWhenInflightIsDownToOneBdp) {
  Driver d;
  FillPipe(d);
  ASSERT_EQ(d.mode(), Mode::kDrain);
  // BDP = 490 segments/s x 50 ms = 24.5 -> 25, plus three send quanta of
  // 2 segments (the pacing rate is between 1.2 and 24 Mb/s of 1500 B): 31.
  EXPECT_EQ(bbr::Inflight(d.cc.state(), 490, 1), 31);
  d.Ack(0.4, 490, 32);
  EXPECT_EQ(d.mode(), Mode::kDrain);
  d.Ack(0.45, 490, 31);
  EXPECT_EQ(d.mode(), Mode::kProbeBw);
  EXPECT_EQ(d.cc.state().cwnd_gain, 2);
  EXPECT_NE(d.cc.state().pacing_gain, 0.75);  // never enters at the draining phase
}

TEST(Bbr, TheGainCycleVisitsEachPhaseForAMinRtt) {
  const bbr::Params p;
  // Whatever the draw, the first phase is not the draining one.
  std::vector<int> first;
  for (int draw = 0; draw <= 6; ++draw) {
    bbr::State s;
    s.phase_draw = draw;
    bbr::EnterProbeBw(p, s, Time());
    EXPECT_NE(s.cycle_index, 1) << draw;
    first.push_back(s.cycle_index);
  }
  EXPECT_EQ(first, (std::vector<int>{0, 7, 6, 5, 4, 3, 2}));
  // From the probing phase on: 1.25, 0.75, then six of 1, and round again.
  bbr::State s;
  s.phase_draw = 0;
  bbr::EnterProbeBw(p, s, Time());
  std::vector<double> gains{s.pacing_gain};
  for (int k = 0; k < 8; ++k) {
    bbr::AdvanceCycle(s, Time());
    gains.push_back(s.pacing_gain);
  }
  EXPECT_EQ(gains, (std::vector<double>{1.25, 0.75, 1, 1, 1, 1, 1, 1, 1.25}));
}

TEST(Bbr, ProbingLastsUntilInflightReachesAQuarterMoreThanTheBdp) {
  Driver d;
  FillPipe(d);
  d.Ack(0.4, 490, 31);  // into ProbeBW
  ASSERT_EQ(d.mode(), Mode::kProbeBw);
  // Land on the probing phase: advance the cycle by ACKs a min-RTT apart.
  double t = 0.4;
  for (int k = 0; k < 8 && d.cc.state().pacing_gain != 1.25; ++k) {
    t += 0.051;
    d.Ack(t, 490, 31);
  }
  ASSERT_EQ(d.cc.state().pacing_gain, 1.25);
  // 1.25 x 24.5 = 30.6 -> 31, plus 6: probing waits for 37 in flight.
  t += 0.06;
  d.Ack(t, 490, 36);
  EXPECT_EQ(d.cc.state().pacing_gain, 1.25);
  EXPECT_NEAR(d.cc.PacingRate(d.w), 1.25 * 490, 1e-9);
  d.Ack(t + 0.01, 490, 37);
  EXPECT_EQ(d.cc.state().pacing_gain, 0.75);
  // The draining phase ends early once inflight is down to one BDP (31).
  d.Ack(t + 0.02, 490, 31);
  EXPECT_EQ(d.cc.state().pacing_gain, 1);
}

TEST(Bbr, TheWindowIsCappedAtTwiceTheBdp) {
  Driver d;
  FillPipe(d);
  d.Ack(0.4, 490, 31);
  ASSERT_EQ(d.mode(), Mode::kProbeBw);
  // 2 x 24.5 = 49, plus three quanta of 2: 55, approached by what ACKs deliver.
  d.w.cwnd = 50;
  d.Ack(0.41, 490, 40);
  EXPECT_EQ(d.w.cwnd, 55);
  d.Ack(0.42, 490, 40);
  EXPECT_EQ(d.w.cwnd, 55);
}

TEST(Bbr, MaxBandwidthForgetsASampleAfterTenRounds) {
  bbr::WindowedMax f(10);
  f.Reset(0, 100);
  for (int64_t round = 1; round <= 10; ++round) EXPECT_EQ(f.Update(round, 50), 100) << round;
  EXPECT_EQ(f.Update(11, 50), 50);
  // Through BBR: 490 stands for ten rounds of 300, and goes in the 11th.
  Driver d;
  FillPipe(d);
  double t = 0.4;
  for (int k = 0; k < 10; ++k) {
    d.Ack(t += 0.05, 300, 31);
    EXPECT_NEAR(d.cc.state().max_bw.best(), 490, 1e-9) << k;
  }
  d.Ack(t + 0.05, 300, 31);
  EXPECT_NEAR(d.cc.state().max_bw.best(), 300, 1e-9);
}

TEST(Bbr, ProbeRttAfterTenSecondsWithoutALowerRttHolds200MsAndARound) {
  Driver d;
  FillPipe(d);
  d.Ack(0.4, 490, 31);  // 50 ms heard again: the minimum's stamp is 0.4 s
  ASSERT_EQ(d.cc.state().min_rtt, Time::Millis(50));
  d.w.cwnd = 55;
  // Higher round trips for 10 s leave the 50 ms minimum standing...
  d.Ack(10.4, 490, 50, Time::Millis(60));
  EXPECT_EQ(d.mode(), Mode::kProbeBw);
  EXPECT_EQ(d.cc.state().min_rtt, Time::Millis(50));
  // ...until it is more than 10 s old: it is replaced by the current
  // sample, and ProbeRTT cuts the window to four segments.
  d.Ack(10.41, 490, 50, Time::Millis(60));
  EXPECT_EQ(d.mode(), Mode::kProbeRtt);
  EXPECT_EQ(d.cc.state().min_rtt, Time::Millis(60));
  EXPECT_EQ(d.w.cwnd, 4);
  EXPECT_EQ(d.cc.state().prior_cwnd, 55);
  EXPECT_GT(d.cc.AppLimitedUntil(), 0);  // its samples are app-limited
  EXPECT_EQ(d.cc.PacingRate(d.w), 490);  // at gain 1
  // The 200 ms start once inflight is down to four (at 10.6 s).
  d.per_ack = 2;
  d.Ack(10.5, 490, 20, Time::Millis(60));
  d.Ack(10.6, 490, 4, Time::Millis(60));
  EXPECT_EQ(d.cc.state().probe_rtt_done, Time::Seconds(10.6) + Time::Millis(200));
  // A round passes at 10.7 s, but the 200 ms have not.
  d.Ack(10.7, 490, 4, Time::Millis(60));
  EXPECT_EQ(d.mode(), Mode::kProbeRtt);
  EXPECT_EQ(d.w.cwnd, 4);
  // 200 ms passed and a round too: back to ProbeBW with the saved window
  // (55, and the two segments this ACK delivered).
  d.Ack(10.81, 490, 4, Time::Millis(60), false);
  EXPECT_EQ(d.mode(), Mode::kProbeBw);
  EXPECT_EQ(d.w.cwnd, 57);
  EXPECT_EQ(d.cc.state().min_rtt_stamp, Time::Seconds(10.81));
  d.Ack(10.82, 490, 10, Time::Millis(60), false);
  EXPECT_EQ(d.cc.AppLimitedUntil(), 0);
}

TEST(Bbr, ProbeRttWaitsForARoundAfterThe200Ms) {
  Driver d;
  FillPipe(d);
  d.Ack(0.4, 490, 31);
  d.Ack(10.5, 490, 4, Time::Millis(60));  // expired: ProbeRTT, inflight already 4
  ASSERT_EQ(d.mode(), Mode::kProbeRtt);
  EXPECT_EQ(d.cc.state().probe_rtt_done, Time::Seconds(10.5) + Time::Millis(200));
  d.Ack(10.75, 490, 4, Time::Millis(60), false);  // 200 ms, but no round yet
  EXPECT_EQ(d.mode(), Mode::kProbeRtt);
  d.Ack(10.8, 490, 4, Time::Millis(60), true);  // the round: out
  EXPECT_EQ(d.mode(), Mode::kProbeBw);
}

TEST(Bbr, RecoveryConservesPacketsAndRestoresTheWindow) {
  Driver d;
  FillPipe(d);
  d.Ack(0.4, 490, 31);
  d.w.cwnd = 55;
  d.cc.OnLoss(CongestionEvent{Time::Seconds(0.5), 55}, d.w);
  // The first ACK of recovery: cwnd = inflight + delivered = 40 + 1.
  d.per_ack = 1;
  d.Ack(0.5, 490, 40, Time(), false, CcPhase::kRecovery, 1);
  EXPECT_EQ(d.w.cwnd, 41);
  // One out per one delivered: a larger inflight raises it.
  d.Ack(0.51, 490, 45, Time(), false, CcPhase::kRecovery);
  EXPECT_EQ(d.w.cwnd, 46);
  // A segment sent after recovery began is delivered: the round is over,
  // and with it conservation; the window grows by what is delivered.
  d.Ack(0.52, 490, 40, Time(), false, CcPhase::kRecovery);
  EXPECT_TRUE(d.cc.state().round_start);
  EXPECT_EQ(d.w.cwnd, 47);
  // The full ACK: the window before the loss comes back.
  d.Ack(0.6, 490, 30, Time(), false, CcPhase::kOpen);
  EXPECT_EQ(d.w.cwnd, 55);
}

TEST(Bbr, BadParametersAreRefusedNamingTheFieldAndRange) {
  const CcEntry* e = FindCc("bbr");
  ASSERT_NE(e, nullptr);
  EXPECT_TRUE(e->check({}).ok());
  EXPECT_EQ(e->check({{"cwnd_gain", 0.5}}).error, "cwnd_gain: must be in [1, 8], got 0.5");
  EXPECT_EQ(e->check({{"bw_window_rounds", 2.5}}).error.rfind("bw_window_rounds:", 0), 0u);
  EXPECT_EQ(e->check({{"min_rtt_window_s", 1}, {"probe_rtt_ms", 1500}}).error,
            "probe_rtt_ms: must be shorter than min_rtt_window_s (1000 ms), got 1500");
  EXPECT_TRUE(e->describe().owns_window);
}

}  // namespace
}  // namespace aqmlab
