#include "traffic/tcp.h"

#include <algorithm>

namespace aqmlab {

TcpSource::TcpSource(EventLoop& loop, PacketPool& pool, int32_t flow, int16_t traffic_class,
                     const TcpConfig& config, const Route* route)
    : loop_(loop), pool_(pool), flow_(flow), class_(traffic_class), config_(config),
      route_(route), rto_timer_(loop, this, 0) {}

void TcpSource::Start() {
  ++epoch_;
  running_ = true;
  cwnd_ = config_.initial_window;
  ssthresh_ = config_.advertised_window;
  snd_una_ = snd_nxt_ = high_sent_ = 0;
  recover_ = ecn_recover_ = -1;
  dupacks_ = limited_sent_ = 0;
  in_recovery_ = send_cwr_ = have_rtt_ = ecn_hold_ = false;
  rto_ = config_.initial_rto;
  backoff_ = 1;
  rto_timer_.Cancel();
  SendAvailable();
}

void TcpSource::Stop() {
  running_ = false;
  ++epoch_;  // ACKs still in flight belong to the closed connection
  rto_timer_.Cancel();
}

void TcpSource::Receive(Packet* ack) {
  if (running_ && ack->epoch == epoch_) {
    if (ack->seq > snd_una_) {
      OnNewAck(*ack);
    } else if (ack->seq == snd_una_ && snd_nxt_ > snd_una_) {
      OnDuplicateAck();
    }
    // RFC 3168 sec. 6.1.2: react to ECN-Echo at most once per window of data.
    if (ack->has(kFlagEce) && !in_recovery_ && snd_una_ > ecn_recover_) OnEcnEcho();
    SendAvailable();
  }
  pool_.Release(ack);
}

// RFC 3168 sec. 6.1.2 asks for full backoff: cwnd halves down to one segment
// (ssthresh keeps RFC 5681's floor of two), and an ECN-Echo arriving at one
// segment holds new data back until the retransmit timer expires. A floor of
// two segments instead pins the queue of many flows above any AQM's target
// (180 flows x 2 segments exceed the AutoRED scenario's whole pipe).
void TcpSource::OnEcnEcho() {
  if (cwnd_ <= 1.0) {
    ecn_hold_ = true;
    ArmRto();
  } else {
    cwnd_ = std::max(cwnd_ / 2, 1.0);
  }
  ssthresh_ = std::max(cwnd_, 2.0);
  // ECN-Echoes keep coming for the rest of this window's ACKs, the last one
  // included; the next reduction waits for an ACK of data sent after this one.
  ecn_recover_ = snd_nxt_;
  send_cwr_ = true;
  ++stats_.ecn_reductions;
}

void TcpSource::OnNewAck(const Packet& ack) {
  const int64_t newly_acked = ack.seq - snd_una_;
  snd_una_ = ack.seq;
  limited_sent_ = 0;
  if (snd_nxt_ < snd_una_) snd_nxt_ = snd_una_;  // after go-back-N a jump past snd_nxt
  // Karn's rule: an ACK echoing a retransmitted segment gives no RTT sample.
  if (!ack.has(kFlagRetransmit)) SampleRtt(loop_.now() - ack.sent_at);

  if (in_recovery_) {
    if (snd_una_ > recover_ || !config_.newreno) {
      // Full ACK (RFC 6582 sec. 3.2 step 3): deflate the window.
      in_recovery_ = false;
      dupacks_ = 0;
      cwnd_ = std::min(ssthresh_, std::max(FlightSize(), 1.0) + 1.0);
    } else {
      // Partial ACK: the next hole is lost too; retransmit it at once.
      Transmit(snd_una_);
      cwnd_ = std::max(cwnd_ - static_cast<double>(newly_acked) + 1.0, 1.0);
      // RFC 6582 sec. 4, the "Impatient" variant: only the first partial ACK
      // restarts the timer, so a window with many losses ends in a timeout
      // instead of repairing one hole per round trip for minutes.
      if (partial_acks_++ > 0) {
        cwnd_ = std::min(cwnd_, config_.advertised_window);
        return;
      }
    }
  } else if (ack.has(kFlagEce)) {
    dupacks_ = 0;  // an ECN-Echo ACK never opens the window (RFC 3168 sec. 6.1.2)
  } else {
    dupacks_ = 0;
    if (cwnd_ < ssthresh_) {
      cwnd_ += 1.0;  // slow start, one segment per ACK
    } else {
      cwnd_ += 1.0 / cwnd_;  // congestion avoidance
    }
  }
  cwnd_ = std::min(cwnd_, config_.advertised_window);
  if (snd_nxt_ > snd_una_ || ecn_hold_) {
    ArmRto();  // RFC 6298 sec. 5.3 (every new ACK restarts the timer)
  } else {
    rto_timer_.Cancel();
  }
}

void TcpSource::OnDuplicateAck() {
  ++dupacks_;
  if (in_recovery_) {
    cwnd_ += 1.0;  // window inflation: one segment has left the network
    return;
  }
  if (dupacks_ != 3) return;
  // RFC 6582 sec. 3.2 step 1: no second reduction for losses of a window
  // that a timeout or an earlier recovery already answered.
  if (config_.newreno && snd_una_ <= recover_) return;
  // RFC 5681 sec. 3.2 step 2: what limited transmit sent does not count.
  ssthresh_ = std::max((FlightSize() - limited_sent_) / 2, 2.0);
  recover_ = snd_nxt_ - 1;
  in_recovery_ = true;
  partial_acks_ = 0;
  ++stats_.fast_retransmits;
  Transmit(snd_una_);
  cwnd_ = ssthresh_ + 3.0;
  // The retransmission waits behind the whole queue; restart the timer for
  // it (as ns-2 and Linux do) rather than let the old deadline expire.
  ArmRto();
}

void TcpSource::OnEvent(uint32_t) { OnTimeout(); }

void TcpSource::OnTimeout() {
  if (!running_) return;
  if (ecn_hold_) {
    // The ECN hold is over; with nothing outstanding this is no loss.
    ecn_hold_ = false;
    if (snd_nxt_ == snd_una_) {
      SendAvailable();
      return;
    }
  }
  if (snd_nxt_ == snd_una_) return;
  ++stats_.timeouts;
  ssthresh_ = std::max(FlightSize() / 2, 2.0);
  cwnd_ = 1.0;
  recover_ = snd_nxt_ - 1;
  in_recovery_ = false;
  dupacks_ = limited_sent_ = 0;
  backoff_ = std::min(backoff_ * 2, 64);  // RFC 6298 sec. 5.5
  snd_nxt_ = snd_una_;                     // go back N
  rto_timer_.Cancel();
  SendAvailable();
  ArmRto();
}

void TcpSource::SendAvailable() {
  if (!running_ || ecn_hold_) return;
  // RFC 3042: after the first or second duplicate ACK (outside recovery) the
  // window stretches by that many segments, so each lets one new segment out
  // and keeps the ACK clock going when the window is too small for three
  // duplicates. cwnd itself does not move. Only previously unsent data goes
  // out this way (the RFC's words): after a timeout's go-back-N the
  // duplicates answer old copies, and resending more of the window into a
  // still-full queue would lose it again.
  const bool limited = config_.limited_transmit && !in_recovery_ && dupacks_ > 0 && dupacks_ < 3;
  const double extra = limited ? static_cast<double>(dupacks_) : 0.0;
  const int64_t window_limit = snd_una_ + static_cast<int64_t>(cwnd_);
  const int64_t limit =
      snd_una_ + static_cast<int64_t>(std::min(cwnd_ + extra, config_.advertised_window));
  while (snd_nxt_ < limit) {
    if (snd_nxt_ >= window_limit) {
      if (snd_nxt_ < high_sent_) break;
      ++limited_sent_;
    }
    Transmit(snd_nxt_);
    ++snd_nxt_;
  }
  if (!rto_timer_.armed() && snd_nxt_ > snd_una_) ArmRto();
}

void TcpSource::Transmit(int64_t seq) {
  Packet* p = pool_.Allocate();
  p->flow = flow_;
  p->epoch = epoch_;
  p->seq = seq;
  p->size = config_.segment_bytes;
  p->traffic_class = class_;
  p->sent_at = loop_.now();
  p->route = route_;
  if (seq < high_sent_) {
    p->flags |= kFlagRetransmit;
    ++stats_.retransmits;
  } else {
    high_sent_ = seq + 1;
  }
  if (config_.ecn) {
    p->flags |= kFlagEct;
    if (send_cwr_) {
      p->flags |= kFlagCwr;
      send_cwr_ = false;
    }
  }
  ++stats_.segments_sent;
  Forward(p);
}

void TcpSource::SampleRtt(Time r) {
  // RFC 6298 sec. 2, with integer nanoseconds so every platform agrees.
  if (!have_rtt_) {
    have_rtt_ = true;
    srtt_ = r;
    rttvar_ = Time::Nanos(r.ns() / 2);
  } else {
    const int64_t err = srtt_.ns() > r.ns() ? srtt_.ns() - r.ns() : r.ns() - srtt_.ns();
    rttvar_ = Time::Nanos((3 * rttvar_.ns() + err) / 4);
    srtt_ = Time::Nanos((7 * srtt_.ns() + r.ns()) / 8);
  }
  rto_ = srtt_ + rttvar_ * 4;
  if (rto_ < config_.min_rto) rto_ = config_.min_rto;
  if (rto_ > config_.max_rto) rto_ = config_.max_rto;
  backoff_ = 1;
}

void TcpSource::ArmRto() {
  Time wait = rto_ * backoff_;
  if (wait > config_.max_rto) wait = config_.max_rto;
  rto_timer_.Arm(loop_.now() + wait);
}

TcpSink::TcpSink(EventLoop& loop, PacketPool& pool, const TcpConfig& config,
                 const Route* ack_route)
    : loop_(loop), pool_(pool), config_(config), ack_route_(ack_route),
      delack_timer_(loop, this, 0) {}

void TcpSink::Reset(uint32_t epoch) {
  epoch_ = epoch;
  expected_ = 0;
  out_of_order_.clear();
  ooo_head_ = 0;
  ece_pending_ = false;
  ack_pending_ = false;
  delack_timer_.Cancel();
}

void TcpSink::Receive(Packet* p) {
  if (p->epoch < epoch_) {
    pool_.Release(p);
    return;
  }
  if (p->epoch > epoch_) Reset(p->epoch);
  flow_ = p->flow;
  // RFC 3168 sec. 6.1.3: echo CE until the sender says it reduced (CWR).
  if (p->has(kFlagCwr)) ece_pending_ = false;
  if (p->has(kFlagCe)) ece_pending_ = true;

  const int64_t before = expected_;
  const bool had_holes = ooo_head_ < out_of_order_.size();
  if (p->seq == expected_) {
    ++expected_;
    while (ooo_head_ < out_of_order_.size() && out_of_order_[ooo_head_] == expected_) {
      ++ooo_head_;
      ++expected_;
    }
    if (ooo_head_ == out_of_order_.size()) {
      out_of_order_.clear();
      ooo_head_ = 0;
    } else if (ooo_head_ >= 64 && 2 * ooo_head_ >= out_of_order_.size()) {
      out_of_order_.erase(out_of_order_.begin(), out_of_order_.begin() + static_cast<std::ptrdiff_t>(ooo_head_));
      ooo_head_ = 0;
    }
  } else if (p->seq > expected_) {
    const auto first = out_of_order_.begin() + static_cast<std::ptrdiff_t>(ooo_head_);
    auto it = std::lower_bound(first, out_of_order_.end(), p->seq);
    if (it == out_of_order_.end() || *it != p->seq) out_of_order_.insert(it, p->seq);
  }
  stats_.delivered_segments += expected_ - before;
  const Bytes delivered = (expected_ - before) * p->size;
  stats_.delivered_bytes += delivered;
  if (group_total_) *group_total_ += delivered;

  const bool retransmitted = p->has(kFlagRetransmit);
  // Out-of-order data, a filled hole or a duplicate is ACKed at once (RFC
  // 5681 sec. 4.2), and so is the second of two in-order segments.
  const bool in_order_step = expected_ == before + 1 && !had_holes;
  if (config_.delayed_ack && in_order_step && !ack_pending_) {
    ack_pending_ = true;
    pending_echo_ = p->sent_at;
    pending_retransmitted_ = retransmitted;
    delack_timer_.Arm(loop_.now() + config_.delayed_ack_timeout);
    pool_.Release(p);
    return;
  }
  SendAck(p, p->sent_at, retransmitted);
}

void TcpSink::OnEvent(uint32_t) {
  if (!ack_pending_) return;
  Packet* p = pool_.Allocate();
  p->flow = flow_;
  p->epoch = epoch_;
  SendAck(p, pending_echo_, pending_retransmitted_);
}

void TcpSink::SendAck(Packet* p, Time echo, bool retransmitted) {
  ack_pending_ = false;
  delack_timer_.Cancel();
  ++acks_sent_;
  // The data packet turns into its ACK: same flow and epoch, echoing the
  // send time and whether it was a retransmission (for Karn's rule).
  p->flags = kFlagAck | (retransmitted ? kFlagRetransmit : 0) | (ece_pending_ ? kFlagEce : 0);
  p->seq = expected_;
  p->sent_at = echo;
  p->size = config_.ack_bytes;
  p->route = ack_route_;
  p->hop = 0;
  Forward(p);
}

}  // namespace aqmlab
