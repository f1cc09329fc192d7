// Long-lived TCP in segment units (as ns-2's one-way agents): the sender's
// machinery (RFC 3042 limited transmit, RFC 6582 fast recovery with partial
// ACKs, or Reno's, or with SACK RFC 6675's (tcp_sack.cc), RFC 6298 retransmission timer with ns-2's round-trip
// timing, Karn's rule and exponential backoff, RFC 3168 ECN, optional
// pacing) around a congestion controller of traffic/cc/ that moves the
// window (NewReno by default), and a sink that ACKs every segment.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "net/packet.h"
#include "net/param_table.h"
#include "sim/event_loop.h"
#include "traffic/cc/congestion_control.h"
#include "traffic/cc/delivery_rate.h"
#include "traffic/cc/registry.h"
#include "traffic/sack_scoreboard.h"
#include "traffic/segment_runs.h"
#include "traffic/seq_ring.h"


namespace aqmlab {

struct TcpConfig {
  Bytes segment_bytes = 500;   // data packet size on the wire
  Bytes ack_bytes = 40;
  double initial_window = 2;   // segments
  double advertised_window = 10000;  // segments; bounds the window
  Time min_rto = Time::Millis(200);  // ns-2's default, the papers' simulator
  Time max_rto = Time::Seconds(60);
  Time initial_rto = Time::Seconds(1);
  // ns-2's tcpTick_: RTT samples and the RTO are counted in whole ticks of
  // this clock, whose phase each connection draws from `clock_seed` (ns-2's
  // boot_time_, uniform in one tick).
  Time clock_tick = Time::Millis(10);
  uint64_t clock_seed = 0;
  bool ecn = false;
  // The congestion controller each connection builds its own of, and its
  // parameter values (checked before: a refusal here is a bug); null: NewReno.
  const CcEntry* cc = nullptr;
  ParamOverrides cc_params;
  // RFC 3042: the first and second duplicate ACKs each let one new segment
  // out beyond the window (ns-2's singledup_, on by default there and in ns-3).
  bool limited_transmit = true;
  // RFC 5681 sec. 4.2: ACK every second in-order segment, or when the delay
  // timer runs out (100 ms, ns-2's default); out-of-order data is ACKed at once.
  bool delayed_ack = false;
  Time delayed_ack_timeout = Time::Millis(100);
  // RFC 2018 SACK blocks on the receiver's ACKs and RFC 6675 loss recovery
  // at the sender (traffic/sack_scoreboard.h); off: NewReno's or Reno's.
  bool sack = false;
};

struct TcpStats {
  int64_t segments_sent = 0;
  int64_t retransmits = 0;
  int64_t timeouts = 0;
  int64_t fast_retransmits = 0;
  // Windows whose ECN-Echo the controller was told of (once a window,
  // RFC 3168); a controller may leave its window as it was (BBR v1).
  int64_t ecn_reductions = 0;
  // The exact round trips of the timed segments (one a round trip, Karn's
  // rule), for the per-group mean RTT: how many, and their sum.
  int64_t rtt_samples = 0;
  int64_t rtt_sum_ns = 0;
};

// The controller a config names (NewReno when it names none).
const CcDescriptor& DescriptorOf(const TcpConfig& config);

class TcpSource final : public PacketReceiver {
 public:
  TcpSource(EventLoop& loop, PacketPool& pool, int32_t flow, int16_t traffic_class,
            const TcpConfig& config, const Route* route);

  void Start();  // opens a fresh connection at the current time
  void Stop();   // stops sending; packets still in flight are ignored
  bool running() const { return running_; }
  void Receive(Packet* ack) override;
  void OnEvent(uint32_t tag) override;

  double cwnd() const { return w_.cwnd; }
  double ssthresh() const { return w_.ssthresh; }
  const CongestionControl& controller() const { return *cc_; }
  // Segments per second, or 0 when the controller does not pace.
  double pacing_rate() const { return cc_->PacingRate(w_); }
  Time srtt() const { return FromTicks(srtt8_, 8); }
  Time rttvar() const { return FromTicks(rttvar4_, 4); }
  Time rto() const { return rto_; }
  int64_t acked() const { return snd_una_; }
  const TcpStats& stats() const { return stats_; }
  uint32_t epoch() const { return epoch_; }

 private:
  void SendAvailable();
  // Pacing: whether a segment may leave now (then the next waits 1/rate),
  // else the pacing timer is armed.
  bool PaceAllows(double rate);
  void Transmit(int64_t seq, bool rescue = false);
  // With SACK (tcp_sack.cc): every ACK, RFC 6675's recovery, and sending by
  // the scoreboard's NextSeg while the window exceeds pipe.
  void OnSackAck(const Packet& ack);
  void EnterSackRecovery();
  void SendSack();
  void OnNewAck(const Packet& ack);
  void OnDuplicateAck();
  // Any ACK, for a controller that owns its window (CcDescriptor::owns_window).
  void OnModelAck(const Packet& ack);
  // A window owner hears an ACK, on either path (with SACK or without):
  // the path gives what it counted (acked, rtt, delivered, lost, in
  // flight); the time, the ACK's ECN-Echo, the sequence space, the phase
  // and the delivery-rate sample are filled here, then the controller's
  // application-limited mark is kept.
  void HearModelAck(const Packet& ack, AckEvent e);
  void EnterFastRecovery();
  CcPhase Phase() const;
  // Segments in flight, for a window owner (RFC 6675's pipe, by what the
  // receiver reports holding).
  double Pipe() const;
  void OnTimeout();
  void OnEcnEcho();
  void SampleRtt(Time sent_at);
  // The exact round trip the ACK of everything below `ack_seq` measured
  // (when the controller asks for one at every ACK), or zero.
  Time ExactRtt(int64_t ack_seq) const;
  // A cumulative ACK up to `seq`, above snd_una, on every path: returns the
  // round trip the controller hears (ExactRtt, else a classic controller's
  // timed segment's).
  Time AdvanceUna(int64_t seq);
  // RFC 6298 sec. 5.3 after a new ACK: the timer restarts while data is
  // outstanding (or an ECN hold waits on it) and stops when none is.
  void RestartRto();
  void RememberSendTime(int64_t seq, bool retransmission);
  CongestionEvent Congestion(double flight, bool answered = false) const {
    return {loop_.now(), flight, answered};
  }
  Time FromTicks(int64_t scaled, int64_t scale) const {
    return Time::Nanos(scaled * config_.clock_tick.ns() / scale);
  }
  void ArmRto();
  double FlightSize() const { return static_cast<double>(snd_nxt_ - snd_una_); }
  // The flight a congestion response halves (RFC 5681's FlightSize). With
  // SACK it is the scoreboard's pipe, as ns-3's sender takes it (Linux takes
  // cwnd, which pipe never exceeds): the span from snd_una also holds the
  // SACKed segments above the holes, up to a second window of them when
  // losses come in consecutive windows (an AQM's spaced drops), and a
  // reduction from it grew the window at every loss.
  double ResponseFlight() const {
    return sack_ ? static_cast<double>(board_.Pipe()) : FlightSize();
  }
  // The same on entering fast recovery: without SACK, what limited transmit
  // sent beyond the window does not count (RFC 5681 sec. 3.2 step 2); with
  // SACK it was sent by pipe, which counts it within cwnd.
  double RecoveryFlight() const {
    return ResponseFlight() - (sack_ ? 0.0 : static_cast<double>(limited_sent_));
  }

  EventLoop& loop_;
  PacketPool& pool_;
  int32_t flow_;
  int16_t class_;
  TcpConfig config_;
  const Route* route_;
  Timer rto_timer_;
  Timer pace_timer_;  // armed only for a pacing controller
  std::unique_ptr<CongestionControl> cc_;
  const CcDescriptor* cc_desc_;
  bool newreno_recovery_;
  bool steady_recovery_;
  bool scalable_ecn_;
  bool owns_window_;
  bool sack_;
  SackScoreboard board_;

  bool running_ = false;
  uint32_t epoch_ = 0;
  CcWindow w_;
  Time next_send_;  // pacing: the earliest the next segment may leave
  int64_t snd_una_ = 0;
  int64_t snd_nxt_ = 0;
  int64_t high_sent_ = 0;  // one past the highest segment ever sent
  int64_t recover_ = -1;
  int64_t ecn_recover_ = -1;
  int dupacks_ = 0;
  int limited_sent_ = 0;  // segments limited transmit sent since the last new ACK
  int partial_acks_ = 0;  // in the current recovery
  bool in_recovery_ = false;
  bool send_cwr_ = false;
  bool ecn_hold_ = false;  // ECN-Echo at one segment: no new data until the timer fires
  // Round-trip timing as ns-2 (and BSD) does it: one segment of new data at
  // a time, `timed_seq_` sent at `timed_at_`, its timing dropped when a loss
  // is repaired (Karn's rule). srtt and rttvar in ticks, fixed point as ns-2:
  // srtt8_ = 8 srtt, rttvar4_ = 4 rttvar.
  bool timing_ = false;
  int64_t timed_seq_ = 0;
  Time timed_at_;
  Time clock_phase_;
  bool have_rtt_ = false;
  int64_t srtt8_ = 0;
  int64_t rttvar4_ = 0;
  Time rto_;
  int backoff_ = 1;
  // Send times of the segments in flight, by seq modulo the size (a power
  // of two), for controllers that take an RTT sample from every ACK;
  // Time::Max() marks a retransmitted segment (Karn's rule).
  SeqRing<Time> sent_at_;
  // For a controller that owns its window: the delivery-rate records, what
  // the receiver last said it holds above snd_una (sacked_ segments, the
  // highest below fack_), and the repair after a timeout, which lasts until
  // everything sent before it (below loss_high_) is ACKed.
  DeliveryRate rate_;
  int64_t sacked_ = 0;
  int64_t fack_ = 0;
  bool loss_recovery_ = false;
  int64_t loss_high_ = 0;
  TcpStats stats_;
};

// Delivery accounting shared by every sink: the metrics read it.
struct SinkStats {
  int64_t delivered_segments = 0;  // in order, each counted once
  Bytes delivered_bytes = 0;
  int64_t duplicate_segments = 0;  // arrived when already held: a needless retransmission
  int64_t ce_segments = 0;         // arrived marked CE (every arrival, duplicates too)
};

class TcpSink final : public PacketReceiver {
 public:
  TcpSink(EventLoop& loop, PacketPool& pool, const TcpConfig& config, const Route* ack_route);
  void Receive(Packet* data) override;
  void OnEvent(uint32_t tag) override;  // the delayed-ACK timer
  const SinkStats& stats() const { return stats_; }
  int64_t acks_sent() const { return acks_sent_; }
  // Also adds every delivered byte to *total (a group's running sum), so the
  // metric sampler reads one number instead of visiting every flow.
  void AccumulateInto(Bytes* total) { group_total_ = total; }

 private:
  void Reset(uint32_t epoch);
  // Turns `p` into the ACK for everything received so far and sends it.
  void SendAck(Packet* p);
  // The SACK blocks after an arrival (`arrived`: the run now holding the
  // segment, or null when it moved the cumulative point or was old).
  void UpdateBlocks(const SackBlock* arrived);
  // RFC 8257 sec. 3.2: with delayed ACKs, a change of CE state first ACKs
  // what arrived before it with the old state.
  void OnCeChange(bool ce);

  EventLoop& loop_;
  PacketPool& pool_;
  TcpConfig config_;
  const Route* ack_route_;
  uint32_t epoch_ = 0;
  int64_t expected_ = 0;
  SegmentRuns runs_;  // the segments held above expected_
  int64_t held_ = 0;  // segments in the runs
  // With SACK only (null without: the sink's one test of whether SACK is
  // on): the blocks the next ACK carries, apart, so that a sink without
  // SACK, as in the 10,000-flow runs, stays 72 bytes smaller.
  std::unique_ptr<SackOption> blocks_;
  bool ece_pending_ = false;
  bool scalable_ecn_;  // echo each segment's CE (RFC 8257), not until CWR
  Timer delack_timer_;
  bool ack_pending_ = false;  // one in-order segment not yet ACKed
  int32_t flow_ = 0;
  int64_t acks_sent_ = 0;
  SinkStats stats_;
  Bytes* group_total_ = nullptr;
};

}  // namespace aqmlab
