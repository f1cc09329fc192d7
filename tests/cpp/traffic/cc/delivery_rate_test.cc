// Delivery-rate samples (draft-cheng-iccrg-delivery-rate-estimation-02
// sec. 3) worked by hand: a window of ten segments sent at once and ACKed
// a millisecond apart after a 100 ms round trip, then one segment sent when
// the first ACK came back.
#include <gtest/gtest.h>

#include "traffic/cc/delivery_rate.h"

namespace aqmlab {
namespace {

Time Ms(double ms) { return Time::Millis(ms); }

TEST(DeliveryRate, SamplesTheMostRecentlySentSegmentOverTheLongerPhase) {
  DeliveryRate r;
  r.Reset();
  for (int64_t s = 0; s < 10; ++s) r.OnSend(s, 0, s, Time());
  // Segment 0 at 100 ms: one delivered over the ACK phase, 100 ms.
  r.OnAcked(0, 1);
  RateSample a = r.Sample(1, Ms(100), Ms(100));
  ASSERT_TRUE(a.valid());
  EXPECT_EQ(a.prior_delivered, 0);
  EXPECT_EQ(a.delivered, 1);
  EXPECT_EQ(a.interval, Ms(100));
  EXPECT_DOUBLE_EQ(a.rate(), 10);
  // Segment 10 leaves now, with C.delivered = 1 and C.delivered_time = 100 ms.
  r.OnSend(10, 1, 10, Ms(100));
  // Segments 1..9 at 101..109 ms: segment k's sample is k + 1 over 100 + k ms.
  for (int64_t k = 1; k < 10; ++k) {
    r.OnAcked(k, k + 1);
    const RateSample s = r.Sample(1, Ms(100 + static_cast<double>(k)), Ms(100));
    EXPECT_EQ(s.delivered, k + 1);
    EXPECT_EQ(s.interval, Ms(100 + static_cast<double>(k)));
    EXPECT_EQ(s.delivered_total, k + 1);
  }
  // Segment 10 at 200 ms: 10 delivered since it left; the send phase (from
  // segment 0's sending, the last sample's, to its own: 100 ms) and the
  // ACK phase (100 ms to 200 ms) agree: 100 segments/s.
  r.OnAcked(10, 11);
  const RateSample b = r.Sample(1, Ms(200), Ms(100));
  EXPECT_EQ(b.prior_delivered, 1);
  EXPECT_EQ(b.delivered, 10);
  EXPECT_EQ(b.interval, Ms(100));
  EXPECT_DOUBLE_EQ(b.rate(), 100);
}

TEST(DeliveryRate, ACumulativeAckSamplesItsLatestSentSegment) {
  DeliveryRate r;
  r.Reset();
  for (int64_t s = 0; s < 4; ++s) r.OnSend(s, 0, s, Ms(static_cast<double>(s)));
  // Segment 0 is lost; two duplicate ACKs count two deliveries, no sample.
  const RateSample dup = r.Sample(1, Ms(100), Time());
  EXPECT_FALSE(dup.valid());
  EXPECT_EQ(dup.delivered_total, 1);
  r.Sample(1, Ms(101), Time());
  // Its retransmission leaves at 150 ms (C.delivered = 2 then).
  r.OnSend(0, 0, 4, Ms(150));
  // The ACK of all four: the retransmission was sent last; four segments
  // less the two counted = two delivered now; 4 - 2 since it left.
  r.OnAcked(0, 4);
  const RateSample s = r.Sample(2, Ms(250), Ms(100));
  EXPECT_EQ(s.prior_delivered, 2);
  EXPECT_EQ(s.delivered, 2);
  EXPECT_EQ(s.delivered_total, 4);
  // The send phase, from the flight's start at 0 to the retransmission at
  // 150 ms, is longer than the ACK phase, 250 ms less the last delivery
  // heard when it left (101 ms).
  EXPECT_EQ(s.interval, Ms(150));
}

TEST(DeliveryRate, AnIntervalShorterThanTheRoundTripIsNoSample) {
  DeliveryRate r;
  r.Reset();
  r.OnSend(0, 0, 0, Time());
  r.OnAcked(0, 1);
  EXPECT_TRUE(r.Sample(1, Ms(100), Ms(100)).valid());
  r.OnSend(1, 1, 1, Ms(100));
  r.OnSend(2, 1, 2, Ms(100));
  // Both ACKed at 150 ms (the ACKs were compressed): 50 ms < the 100 ms minimum.
  r.OnAcked(1, 3);
  EXPECT_FALSE(r.Sample(2, Ms(150), Time()).valid());
}

TEST(DeliveryRate, AppLimitedDataGivesAppLimitedSamplesUntilDeliveredPast) {
  DeliveryRate r;
  r.Reset();
  r.MarkAppLimited(2);
  r.OnSend(0, 0, 0, Time());
  r.OnSend(1, 0, 1, Time());
  r.OnAcked(0, 1);
  EXPECT_TRUE(r.Sample(1, Ms(100), Ms(100)).app_limited);
  r.OnSend(2, 1, 2, Ms(100));  // delivered 1 <= 2: still marked
  r.OnAcked(1, 2);
  r.Sample(1, Ms(101), Ms(100));  // delivered 2: not yet past the mark
  r.OnSend(3, 2, 3, Ms(101));
  r.OnAcked(2, 3);
  EXPECT_TRUE(r.Sample(1, Ms(200), Ms(100)).app_limited);  // delivered 3: the mark clears
  r.OnSend(4, 3, 4, Ms(200));
  r.OnAcked(3, 4);
  EXPECT_TRUE(r.Sample(1, Ms(201), Ms(100)).app_limited);  // sent at 101 ms, marked
  r.OnAcked(4, 5);
  EXPECT_FALSE(r.Sample(1, Ms(300), Ms(100)).app_limited);  // sent after the mark cleared
}

}  // namespace
}  // namespace aqmlab
