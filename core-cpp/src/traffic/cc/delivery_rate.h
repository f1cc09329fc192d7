// Delivery-rate estimation (Cheng, Cardwell, Yeganeh & Jacobson,
// draft-cheng-iccrg-delivery-rate-estimation-02; Linux tcp_rate.c), kept by
// the sender for a controller that owns its window (BBR). Each segment
// remembers, when sent, how much had been delivered and when (P.delivered,
// P.delivered_time, P.first_sent_time); an ACK that delivers it turns the
// difference into a rate over the longer of the send and the ACK phases.
//
// Without SACK, a cumulative ACK delivers a run of segments; the sample is
// that of the most recently sent among them (the largest P.delivered, as
// Linux chooses), and a duplicate ACK adds one segment to C.delivered but
// gives no sample (no segment is known to have arrived), as for a Linux
// connection without SACK.
#pragma once

#include <cstdint>

#include "sim/time.h"
#include "traffic/cc/congestion_control.h"
#include "traffic/seq_ring.h"

namespace aqmlab {

class DeliveryRate {
 public:
  void Reset();
  // Segment `seq` leaves now, with [snd_una, high_sent) unacknowledged
  // before it (their records survive a growth of the ring). When nothing
  // was (the draft's "no packets in flight") the send and ACK phases restart.
  void OnSend(int64_t seq, int64_t snd_una, int64_t high_sent, Time now);
  // Segments [from, to) were cumulatively acknowledged by the ACK being heard.
  void OnAcked(int64_t from, int64_t to);
  // Ends the ACK: `delivered` segments are delivered by it (RateSample's
  // connection fields move), `rtt` is its exact round trip or zero (the
  // estimator keeps the least, against which an interval is checked).
  RateSample Sample(int64_t delivered, Time now, Time rtt);
  // The draft's C.app_limited: data sent from now until delivery passes
  // `until` gives app-limited samples.
  void MarkAppLimited(int64_t until) { app_limited_ = until; }
  int64_t delivered() const { return delivered_; }

 private:
  struct Record {
    int64_t delivered = 0;  // P.delivered
    Time delivered_time;    // P.delivered_time
    Time first_sent;        // P.first_sent_time
    Time sent;              // P.sent_time
    bool app_limited = false;
  };
  SeqRing<Record> records_;
  int64_t delivered_ = 0;   // C.delivered
  Time delivered_time_;     // C.delivered_time
  Time first_sent_;         // C.first_sent_time
  int64_t app_limited_ = 0; // C.app_limited, 0: not app-limited
  Time min_rtt_ = Time::Max();
  // The ACK being heard: its most recently sent delivered segment.
  bool have_ = false;
  Record chosen_;
};

}  // namespace aqmlab
