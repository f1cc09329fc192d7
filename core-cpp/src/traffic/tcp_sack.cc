// The sender with SACK (TcpConfig::sack): RFC 6675's loss recovery on the
// scoreboard of traffic/sack_scoreboard.h, for every controller. A classic
// controller hears the loss once per recovery (OnLoss, ssthresh; the window
// becomes ssthresh, not inflated) and new ACKs outside recovery; one that
// owns its window hears every ACK with the scoreboard's delivered and lost
// counts and pipe as in flight.
#include <algorithm>

#include "traffic/new_ack_event.h"
#include "traffic/tcp.h"

namespace aqmlab {

void TcpSource::OnSackAck(const Packet& ack) {
  if (ack.seq < snd_una_) return;  // an old ACK (the lab's links keep order)
  const double prior_inflight = static_cast<double>(board_.Pipe());
  const SackOption* option = ack.has(kFlagSack) ? &pool_.SackOf(ack) : nullptr;
  const SackScoreboard::Update u =
      board_.OnAck(ack.seq, option ? option->blocks.data() : nullptr, option ? option->count : 0);
  const bool was_recovering = in_recovery_;
  Time rtt;
  if (u.acked > 0) {
    rtt = AdvanceUna(ack.seq);
    dupacks_ = 0;
    // Sec. 5 (A): an ACK past RecoveryPoint ends recovery; what the
    // scoreboard holds above it stays.
    if (in_recovery_ && snd_una_ > recover_) {
      in_recovery_ = false;
      board_.EndRecovery();
    }
  }
  if (owns_window_ && u.top_sacked >= 0) rate_.OnAcked(u.top_sacked, u.top_sacked + 1);
  // Sec. 2: with SACK an ACK is a duplicate when it SACKs new data. Sec. 5
  // steps (1) and (2): recovery at the third, or as soon as IsLost(HighACK
  // + 1); not again for the data a recovery or timeout already answered
  // (sec. 5.1: not before HighACK reaches its RecoveryPoint).
  bool entered = false;
  if (!in_recovery_ && u.newly_sacked > 0) {
    ++dupacks_;
    if (snd_una_ > recover_ && (dupacks_ >= SackScoreboard::kDupThresh || board_.IsLost(snd_una_))) {
      EnterSackRecovery();
      entered = true;
    }
  }
  if (owns_window_) {
    // Delivered: what the cumulative ACK newly covered and had not been
    // SACKed, plus what was newly SACKed; lost, the segments IsLost newly
    // holds for; in flight, pipe.
    HearModelAck(ack, {.acked = u.acked,
                       .rtt = rtt,
                       .delivered = u.acked - u.acked_sacked + u.newly_sacked,
                       .lost = u.newly_lost,
                       .prior_inflight = prior_inflight,
                       .inflight = static_cast<double>(board_.Pipe())});
  } else if (u.acked > 0 && !in_recovery_ && !was_recovering && !(ack.has(kFlagEce) && !scalable_ecn_)) {
    // An ECN-Echo ACK never opens a classic window (RFC 3168 sec. 6.1.2).
    cc_->OnAck(NewAckEvent(loop_.now(), u.acked, ack.has(kFlagEce), snd_una_, snd_nxt_, rtt), w_);
  }
  w_.cwnd = std::min(w_.cwnd, config_.advertised_window);
  if (entered) {
    Transmit(snd_una_);  // sec. 5 (4.3): HighRxt and RescueRxt become it
    ArmRto();            // the retransmission waits behind the queue, as without SACK
  } else if (u.acked > 0) {
    RestartRto();  // partial ACKs in recovery included (as Linux)
  }
}

// Sec. 5 step (4): RecoveryPoint = HighData, ssthresh from the controller
// (of pipe) and cwnd = ssthresh; the caller resends HighACK + 1 once the
// controller has heard the ACK.
void TcpSource::EnterSackRecovery() {
  EnterFastRecovery();
  board_.EnterRecovery();
  if (!owns_window_) w_.cwnd = w_.ssthresh;
}

// Sec. 5 (C): while cwnd exceeds pipe by a segment, send what NextSeg
// names. Outside recovery the same bound lets RFC 6675's limited transmit
// (step 3) out, and resends what a timeout left lost; with limited transmit
// off and nothing lost the window counts from snd_una (RFC 5681).
void TcpSource::SendSack() {
  if (!running_ || ecn_hold_) return;
  const double rate = cc_->PacingRate(w_);
  const int64_t receiver_limit = snd_una_ + static_cast<int64_t>(config_.advertised_window);
  for (;;) {
    const int64_t span_limit = snd_una_ + static_cast<int64_t>(w_.cwnd);
    const bool by_pipe = in_recovery_ || owns_window_ || config_.limited_transmit || board_.lost() > 0;
    const bool open = by_pipe ? w_.cwnd - static_cast<double>(board_.Pipe()) >= 1.0 : snd_nxt_ < span_limit;
    if (!open) break;
    const SackScoreboard::Next next = board_.NextSeg(snd_nxt_ < receiver_limit, in_recovery_);
    if (next.seq < 0 || !PaceAllows(rate)) break;
    if (next.rule == 2) {
      if (!in_recovery_ && snd_nxt_ >= span_limit) ++limited_sent_;
      Transmit(snd_nxt_);
      ++snd_nxt_;
    } else {
      Transmit(next.seq, next.rule == 4);
    }
  }
  if (!rto_timer_.armed() && snd_nxt_ > snd_una_) ArmRto();
}

}  // namespace aqmlab
