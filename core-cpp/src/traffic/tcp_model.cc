// The sender's path for a controller that owns its window (BBR) without
// SACK, and the in-flight estimate it uses (traffic/tcp.h).
#include <algorithm>

#include "traffic/tcp.h"

namespace aqmlab {

// A model-based controller (BBR) hears every ACK and sets the window at
// each; the machinery keeps the sequence space, what duplicate ACKs stand
// for, fast retransmit and the resending of holes (RFC 6582), the timer
// (restarted at every new ACK, as Linux), and the delivery-rate records.
void TcpSource::OnModelAck(const Packet& ack) {
  const double prior_inflight = Pipe();
  int64_t acked = 0, delivered = 0, lost = 0;
  Time rtt;
  if (ack.seq > snd_una_) {
    acked = ack.seq - snd_una_;
    rtt = AdvanceUna(ack.seq);
    dupacks_ = 0;
    if (in_recovery_ && snd_una_ > recover_) in_recovery_ = false;
    if (in_recovery_) lost = 1;  // a partial ACK: the next hole is lost too
  } else if (ack.seq == snd_una_ && snd_nxt_ > snd_una_) {
    ++dupacks_;
    if (dupacks_ == 3 && !in_recovery_ && snd_una_ > recover_) {
      EnterFastRecovery();
      lost = 1;
    }
  } else {
    return;  // an old ACK
  }
  // Delivered: what the cumulative ACK and the receiver's holdings above it
  // gained (a segment held, then covered, counts once).
  delivered = std::max<int64_t>(acked + ack.held - sacked_, 0);
  sacked_ = ack.held;
  fack_ = snd_una_ + ack.held_span;
  HearModelAck(ack, {.acked = acked,
                     .rtt = rtt,
                     .delivered = delivered,
                     .lost = lost,
                     .prior_inflight = prior_inflight,
                     .inflight = Pipe() - static_cast<double>(lost)});
  w_.cwnd = std::min(w_.cwnd, config_.advertised_window);
  if (lost > 0) Transmit(snd_una_);
  // A new ACK restarts the timer, and so does a fast retransmission (as in
  // the classic path); a duplicate ACK does not.
  if (acked > 0 || lost > 0) RestartRto();
}

void TcpSource::HearModelAck(const Packet& ack, AckEvent e) {
  e.now = loop_.now();
  e.ece = ack.has(kFlagEce);
  e.snd_una = snd_una_;
  e.snd_nxt = snd_nxt_;
  e.phase = Phase();
  e.rate = rate_.Sample(e.delivered, e.now, e.rtt);
  cc_->OnAck(e, w_);
  if (const int64_t until = cc_->AppLimitedUntil(); until > 0) rate_.MarkAppLimited(until);
}

// Segments in flight, by what the receiver reports holding (held, up to
// fack_) and no reordering: in fast recovery what lies below the highest
// held segment and is not held is lost, but for the one hole resent
// (Mathis & Mahdavi's FACK, 1996); after a timeout the resent segments; else
// what is outstanding and not held (RFC 6675's pipe before a loss is known).
double TcpSource::Pipe() const {
  if (in_recovery_) {
    const int64_t resent = fack_ > snd_una_ ? 1 : 0;  // the hole, below fack_
    return static_cast<double>(std::max<int64_t>(snd_nxt_ - fack_, 0) + resent);
  }
  if (loss_recovery_) return static_cast<double>(snd_nxt_ - snd_una_);
  return static_cast<double>(snd_nxt_ - snd_una_ - sacked_);
}

CcPhase TcpSource::Phase() const {
  if (in_recovery_) return CcPhase::kRecovery;
  return loss_recovery_ ? CcPhase::kLoss : CcPhase::kOpen;
}

}  // namespace aqmlab
