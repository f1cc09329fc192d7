// The SACK sender's scoreboard and loss recovery rules (RFC 6675), in
// segment units: which outstanding segments the receiver has SACKed, which
// are deemed lost (IsLost), how many are still in the network (SetPipe's
// pipe) and which segment goes next (NextSeg). Pure: the sender
// (traffic/tcp.h) feeds it ACKs and transmissions and asks.
//
// With whole segments RFC 6675's two IsLost tests (DupThresh discontiguous
// SACKed ranges above the segment, or more than (DupThresh - 1) segments'
// worth of SACKed bytes above it) meet at one: a segment is lost when at
// least DupThresh = 3 SACKed segments lie above it. So the lost segments
// are the un-SACKed ones below the third-highest SACKed one. After a
// retransmission timeout every segment then outstanding and not SACKed is
// lost too (as Linux's loss state), so NextSeg's rule 1 resends them in
// order, skipping what the receiver holds.
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "traffic/seq_ring.h"

namespace aqmlab {

class SackScoreboard {
 public:
  static constexpr int kDupThresh = 3;

  // What one ACK changed.
  struct Update {
    int64_t newly_sacked = 0;  // segments SACKed for the first time
    int64_t acked = 0;         // segments newly covered by the cumulative ACK
    int64_t acked_sacked = 0;  // of those, how many were SACKed before
    int64_t newly_lost = 0;    // segments IsLost turned true for
    int64_t top_sacked = -1;   // the highest segment newly SACKed, or -1
  };

  // A fresh connection: nothing sent.
  void Reset();
  // Segment `seq` leaves the sender: new data (seq == high_data() + 1) or a
  // retransmission (rules 1 and 3 raise HighRxt; a rescue does not).
  void OnSend(int64_t seq, bool rescue = false);
  // An ACK: the cumulative point (the next segment expected) and its blocks.
  Update OnAck(int64_t cum, const SackBlock* blocks, int count);
  // RFC 6675 sec. 5 step (4): recovery begins (RecoveryPoint = HighData);
  // the caller then resends HighACK + 1, which sets HighRxt and RescueRxt.
  void EnterRecovery();
  // Leaving recovery (or never in it): HighRxt back to HighACK (step 3.1).
  void EndRecovery();
  // A retransmission timeout: everything outstanding and not SACKed is lost;
  // the SACK information is kept (the lab's receiver never reneges).
  void OnTimeout();

  bool IsSacked(int64_t seq) const { return seq >= una_ && seq < high_ && (ring_[seq] & kSacked) != 0; }
  // RFC 6675's IsLost (see above).
  bool IsLost(int64_t seq) const;
  // SetPipe: un-SACKed segments not deemed lost, plus un-SACKed ones at or
  // below HighRxt (resent, so in the network again).
  int64_t Pipe() const;
  // NextSeg; `new_data_ok` says whether the receiver's window lets a new
  // segment out (rule 2); rules 3 and 4 (a segment not deemed lost, the
  // rescue) are for loss recovery only. Outside it rule 1 resends only what
  // a timeout left lost. -1: none.
  struct Next {
    int64_t seq = -1;
    int rule = 0;
  };
  Next NextSeg(bool new_data_ok, bool in_recovery);

  int64_t una() const { return una_; }            // HighACK + 1
  int64_t high_data() const { return high_ - 1; }  // HighData
  int64_t high_rxt() const { return high_rxt_; }
  int64_t recovery_point() const { return recovery_point_; }
  int64_t sacked() const { return sacked_; }
  // One past the highest SACKed segment (una when none is SACKed).
  int64_t high_sacked() const { return high_sacked_; }
  int64_t lost() const { return LostBelow(Boundary()); }

 private:
  static constexpr uint8_t kSacked = 1;
  void Mark(int64_t seq);
  void FindThird();
  int64_t Boundary() const;
  int64_t LostBelow(int64_t boundary) const;
  void RaiseRxt(int64_t seq);

  SeqRing<uint8_t> ring_;
  int64_t una_ = 0;
  int64_t high_ = 0;         // one past HighData
  int64_t sacked_ = 0;       // SACKed segments in [una_, high_)
  int64_t high_sacked_ = 0;
  int64_t third_ = -1;       // the third-highest SACKed segment, or -1
  int64_t high_rxt_ = -1;    // HighRxt (below una_: none)
  int64_t sacked_to_rxt_ = 0;  // SACKed in [una_, high_rxt_]
  int64_t rescue_rxt_ = -1;
  int64_t recovery_point_ = -1;
  int64_t rto_floor_ = 0;    // un-SACKed below it are lost (a timeout's)
  int64_t sacked_below_floor_ = 0;
  int64_t lost_mark_ = 0;    // IsLost has been counted below it
  int64_t scan_ = 0;         // NextSeg: no un-SACKed segment in (high_rxt_, scan_)
  SackOption last_{};        // the previous ACK's blocks: already marked
};

}  // namespace aqmlab
