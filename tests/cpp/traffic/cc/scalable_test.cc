// DCTCP (RFC 8257 sec. 3.3) and TCP Prague: alpha's sequence for a mark
// pattern worked by hand with g = 1/16, the cut it makes, and Prague's
// one cut per round trip, increase and pacing.
#include <gtest/gtest.h>

#include <vector>

#include "traffic/cc/dctcp/dctcp.h"
#include "traffic/cc/prague/prague.h"

namespace aqmlab {
namespace {

// Ten ACKs per window (ACK k acknowledges segment k and the sender has sent
// nine more), the first `marked` of them echoing CE.
void Window(ScalableAlpha& est, int64_t& una, int marked) {
  for (int i = 0; i < 10; ++i) {
    ++una;
    est.Observe(AckEvent{Time(), 1, i < marked, una, una + 9, Time()}, 0.0625);
  }
}

TEST(ScalableAlpha, FollowsTheEwmaOfEachWindowsMarkedFraction) {
  ScalableAlpha est;
  est.window_end = 9;  // the window of ACKs 1..10 ends at the ACK of 10
  int64_t una = 0;
  // F = 0, 0, 1, 0.5, 0.2: alpha = 15/16 alpha + F/16 from 1.
  const std::vector<int> marks = {0, 0, 10, 5, 2};
  const std::vector<double> expected = {0.9375, 0.87890625, 0.886474609375, 0.8623199462890625,
                                        0.820924949645996};
  for (size_t k = 0; k < marks.size(); ++k) {
    Window(est, una, marks[k]);
    EXPECT_NEAR(est.alpha, expected[k], 1e-15) << "window " << k;
  }
  // The window after: a mark at cwnd 20 cuts to 20 (1 - alpha/2) = 11.7908.
  CcWindow w{20, 100};
  ScalableCut(w, est.alpha);
  EXPECT_NEAR(w.cwnd, 11.790750503540039, 1e-12);
  EXPECT_EQ(w.ssthresh, w.cwnd);
}

TEST(Dctcp, CutsOncePerWindowOfEchoes) {
  Dctcp cc{dctcp::Params{}};
  cc.Reset(Time());
  CcWindow w{40, 30};
  // Alpha starts at 1: the first echo halves, as classic ECN would.
  cc.OnAck(AckEvent{Time(), 1, true, 1, 41, Time()}, w);
  EXPECT_DOUBLE_EQ(w.cwnd, 20);
  // More echoes from the same window: no second cut, and no growth.
  cc.OnAck(AckEvent{Time(), 1, true, 2, 41, Time()}, w);
  cc.OnAck(AckEvent{Time(), 1, false, 3, 41, Time()}, w);
  EXPECT_DOUBLE_EQ(w.cwnd, 20);
  // Past the window: growth again (congestion avoidance, 1/cwnd per ACK).
  cc.OnAck(AckEvent{Time(), 1, false, 42, 62, Time()}, w);
  EXPECT_DOUBLE_EQ(w.cwnd, 20.05);
  // A loss is Reno's: half the flight.
  EXPECT_DOUBLE_EQ(cc.OnLoss(CongestionEvent{Time(), 30}, w), 15);
}

TEST(Prague, CutsByHalfAlphaAtMostOncePerRoundTrip) {
  Prague cc{prague::Params{}};
  cc.Reset(Time());
  CcWindow w{40, 30};
  // Three clean windows of 40 ACKs bring alpha to (15/16)^3 = 0.823975.
  int64_t una = 0;
  int64_t end = 0;
  for (int k = 0; k < 3; ++k) {
    for (int i = 0; i < 40; ++i) {
      ++una;
      cc.OnAck(AckEvent{Time::Millis(k * 100.0), 1, false, una, end + 41, Time::Millis(100)}, w);
    }
    end += 40;
  }
  const double alpha = cc.alpha();
  EXPECT_NEAR(alpha, 0.823974609375, 1e-12);
  const double before = w.cwnd;
  // A marked ACK inside the current window: alpha stays, the window is cut.
  cc.OnAck(AckEvent{Time::Millis(300), 1, true, una + 1, una + 50, Time()}, w);
  EXPECT_EQ(cc.alpha(), alpha);
  EXPECT_NEAR(w.cwnd, before * (1 - alpha / 2), 1e-12);
  const double cut = w.cwnd;
  cc.OnAck(AckEvent{Time::Millis(300), 1, true, una + 2, una + 50, Time()}, w);
  EXPECT_EQ(w.cwnd, cut);  // the same round trip: no second cut
  // A loss falls back to a classic halving.
  EXPECT_DOUBLE_EQ(cc.OnLoss(CongestionEvent{Time(), 30}, w), 15);
}

TEST(Prague, RttIndependenceScalesTheIncreaseAndPacingFollowsTheWindow) {
  prague::Params p;
  EXPECT_EQ(prague::IncreasePerRtt(p, Time::Millis(5)), 1.0);  // off by default
  p.rtt_independence = true;
  // (5 / 25)^2 = 0.04 segments per 5 ms round trip. The rate then grows by
  // 0.04 / 0.005^2 = 1600 segments/s per second, as a 25 ms flow's does
  // with 1 segment per round trip: 1 / 0.025^2 = 1600.
  EXPECT_NEAR(prague::IncreasePerRtt(p, Time::Millis(5)), 0.04, 1e-15);
  EXPECT_EQ(prague::IncreasePerRtt(p, Time::Millis(50)), 1.0);
  // Linux's ratios: 2 cwnd / srtt in slow start, 1.2 cwnd / srtt after.
  EXPECT_DOUBLE_EQ(prague::PacingRate(CcWindow{10, 100}, Time::Millis(100)), 200);
  EXPECT_DOUBLE_EQ(prague::PacingRate(CcWindow{10, 5}, Time::Millis(100)), 120);
  EXPECT_EQ(prague::PacingRate(CcWindow{10, 5}, Time()), 0);
}

}  // namespace
}  // namespace aqmlab
