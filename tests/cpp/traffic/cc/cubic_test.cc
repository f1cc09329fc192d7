// CUBIC's law against RFC 9438's equations, worked by hand for C = 0.4,
// beta = 0.7, and HyStart++'s thresholds and rounds (RFC 9406 sec. 4).
#include <gtest/gtest.h>

#include "traffic/cc/cubic/cubic.h"

namespace aqmlab {
namespace {

AckEvent Ack(Time now, int64_t una, int64_t nxt, Time rtt = Time()) {
  return AckEvent{now, 1, false, una, nxt, rtt};
}

TEST(Cubic, KAndTheWindowAfterALossAtWmax100) {
  const cubic::Params p;
  // Eq. (2) after a loss at W_max = 100: the epoch starts at beta W_max =
  // 70, so K = cbrt(30 / 0.4) = cbrt(75) = 4.2171633 s.
  const double k = cubic::K(p, 100, 70);
  EXPECT_NEAR(k, 4.217163326508746, 1e-12);
  EXPECT_NEAR(cubic::WCubic(p, 100, k, 0), 70, 1e-9);      // starts at cwnd_epoch
  EXPECT_NEAR(cubic::WCubic(p, 100, k, 2), 95.6403357, 1e-6);  // 0.4 (2 - K)^3 + 100
  EXPECT_NEAR(cubic::WCubic(p, 100, k, k), 100, 1e-9);     // plateau at W_max
  EXPECT_NEAR(cubic::WCubic(p, 100, k, k + 1), 100.4, 1e-9);  // then probes: C t^3
  EXPECT_EQ(cubic::K(p, 100, 120), 0);  // an epoch above W_max starts probing at once
}

TEST(Cubic, LossSetsBetaAndFastConvergenceLowersWmax) {
  Cubic cc{cubic::Params{}};
  cc.Reset(Time());
  CcWindow w{100, 50};
  // Sec. 4.6: ssthresh = 0.7 flight; W_max = cwnd at the event.
  EXPECT_DOUBLE_EQ(cc.OnLoss(CongestionEvent{Time(), 100}, w), 70);
  EXPECT_DOUBLE_EQ(cc.state().w_max, 100);
  // Sec. 4.7: the next peak, 90, falls short: W_max = 90 (1 + 0.7) / 2 = 76.5.
  w.cwnd = 90;
  EXPECT_DOUBLE_EQ(cc.OnLoss(CongestionEvent{Time(), 90}, w), 63);
  EXPECT_DOUBLE_EQ(cc.state().w_max, 76.5);
  // Without fast convergence W_max is the window itself.
  Cubic plain{cubic::Params{0.4, 0.7, false, true, true}};
  plain.Reset(Time());
  w.cwnd = 100;
  plain.OnLoss(CongestionEvent{Time(), 100}, w);
  w.cwnd = 90;
  plain.OnLoss(CongestionEvent{Time(), 90}, w);
  EXPECT_DOUBLE_EQ(plain.state().w_max, 90);
  // A floor of two segments.
  EXPECT_DOUBLE_EQ(cubic::LossSsthresh(cubic::Params{}, 2), 2);
}

TEST(Cubic, ClassicEcnEchoCutsToBeta) {
  Cubic cc{cubic::Params{}};
  cc.Reset(Time());
  CcWindow w{40, 1000};
  cc.OnEcnEcho(CongestionEvent{Time(), 40}, w);
  EXPECT_DOUBLE_EQ(w.cwnd, 28);
  EXPECT_DOUBLE_EQ(w.ssthresh, 28);
  EXPECT_DOUBLE_EQ(cc.state().w_max, 40);
}

// Runs congestion avoidance after a loss at `w_max` with one ACK per
// segment, round trips of `rtt`, for `seconds`; returns the controller.
Cubic AvoidAfterLoss(double w_max, Time rtt, double seconds, bool reno_friendly, CcWindow& w) {
  cubic::Params p;
  p.reno_friendly = reno_friendly;
  p.hystart = false;
  Cubic cc{p};
  cc.Reset(Time());
  w = CcWindow{w_max, 1e9};
  w.ssthresh = cc.OnLoss(CongestionEvent{Time(), w_max}, w);
  w.cwnd = w.ssthresh;
  Time now;
  int64_t una = 0;
  while (now.seconds() < seconds) {
    const int64_t acks = static_cast<int64_t>(w.cwnd);
    for (int64_t i = 0; i < acks; ++i) {
      ++una;
      cc.OnAck(Ack(now, una, una + acks, rtt), w);
    }
    now += rtt;
  }
  return cc;
}

// Sec. 4.3: with a small W_max and a long RTT, Reno's AIMD(0.53, 0.7)
// outgrows the cubic curve, and cwnd follows W_est; with a large W_max the
// curve is ahead and cwnd follows it.
TEST(Cubic, RenoFriendlyRegionTakesOverBelowTheCurve) {
  CcWindow w;
  // W_max = 10, RTT 100 ms: K = cbrt(3 / 0.4) = 1.957 s and W_cubic(1 s) =
  // 0.4 (1 - 1.957)^3 + 10 = 9.65, while W_est gains 0.53 a round trip (1
  // once it passes cwnd_prior = 10): 7 + 10 round trips' worth > 12.
  Cubic small = AvoidAfterLoss(10, Time::Millis(100), 1.0, true, w);
  EXPECT_GT(small.state().w_est, 12);
  EXPECT_DOUBLE_EQ(w.cwnd, small.state().w_est);
  CcWindow off;
  AvoidAfterLoss(10, Time::Millis(100), 1.0, false, off);
  EXPECT_LT(off.cwnd, 10.5);  // the curve alone stays near its plateau
  // W_max = 1000: K = cbrt(750) = 9.09 s; at 1 s W_cubic = 788.5 while W_est
  // reached only about 700 + 10 x 0.53.
  Cubic large = AvoidAfterLoss(1000, Time::Millis(100), 1.0, true, w);
  EXPECT_LT(large.state().w_est, 710);
  EXPECT_GT(w.cwnd, 780);
  EXPECT_LT(w.cwnd, 800);
  EXPECT_NEAR(cubic::RenoFriendlyAlpha(cubic::Params{}, cubic::State{0, 10, false, Time(), 0, 0, 5, Time()}),
              0.5294117647058824, 1e-15);  // 3 (1 - 0.7) / (1 + 0.7)
}

TEST(HyStartPlusPlus, RttThresholdIsAnEighthClampedTo4And16Ms) {
  EXPECT_EQ(hystart::RttThreshold(Time::Millis(20)), Time::Millis(4));
  EXPECT_EQ(hystart::RttThreshold(Time::Millis(100)), Time::Millis(12.5));
  EXPECT_EQ(hystart::RttThreshold(Time::Millis(200)), Time::Millis(16));
}

// A flow in slow start from 16 segments, whose rounds the tests play: each
// round sends the window and ACKs it with one RTT sample per segment.
struct SlowStart {
  hystart::State h;
  CcWindow w{16, 1e9};
  int64_t una = 0;
  Time now;

  void Round(Time rtt) {
    const int64_t n = static_cast<int64_t>(w.cwnd);
    const int64_t end = una + n;
    for (int64_t i = 0; i < n && w.cwnd < w.ssthresh; ++i) {
      ++una;
      hystart::OnSlowStartAck(h, AckEvent{now, 1, false, una, end + 1 + i, rtt}, w);
    }
    now += rtt;
  }
};

TEST(HyStartPlusPlus, ARisingRttEntersCssThenAvoidanceAfterFiveRounds) {
  SlowStart f;
  f.Round(Time::Millis(100));
  f.Round(Time::Millis(100));
  EXPECT_FALSE(f.h.css);
  const double before = f.w.cwnd;
  // +13 ms >= 100 / 8 = 12.5 ms: Conservative Slow Start, a quarter of the growth.
  f.Round(Time::Millis(113));
  EXPECT_TRUE(f.h.css);
  EXPECT_EQ(f.h.css_baseline, Time::Millis(113));
  EXPECT_LT(f.w.cwnd, 2 * before);
  const double css_start = f.w.cwnd;
  f.Round(Time::Millis(113));
  EXPECT_NEAR(f.w.cwnd, css_start * 1.25, 1.0);  // cwnd/4 per round
  for (int r = 0; r < 4 && f.w.ssthresh > 1e8; ++r) f.Round(Time::Millis(113));
  EXPECT_EQ(f.w.ssthresh, f.w.cwnd);  // CSS_ROUNDS = 5 rounds later: congestion avoidance
  EXPECT_EQ(f.h.css_rounds, 5);
}

TEST(HyStartPlusPlus, AFallingRttReturnsToSlowStart) {
  SlowStart f;
  f.Round(Time::Millis(100));
  f.Round(Time::Millis(100));
  f.Round(Time::Millis(120));
  ASSERT_TRUE(f.h.css);
  f.Round(Time::Millis(101));  // below the CSS baseline: spurious
  EXPECT_FALSE(f.h.css);
  const double before = f.w.cwnd;
  f.Round(Time::Millis(101));
  // Standard slow start again: a segment per ACK, one ACK per segment of
  // the window (floor(cwnd) of them).
  EXPECT_DOUBLE_EQ(f.w.cwnd, before + static_cast<int64_t>(before));
}

}  // namespace
}  // namespace aqmlab
