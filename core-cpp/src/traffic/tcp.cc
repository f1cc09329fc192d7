#include "traffic/tcp.h"

#include <algorithm>

#include "sim/rng.h"

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
  in_recovery_ = send_cwr_ = have_rtt_ = ecn_hold_ = timing_ = false;
  srtt8_ = rttvar4_ = 0;
  rto_ = config_.initial_rto;
  backoff_ = 1;
  // A fresh connection reads its clock from a fresh phase, as ns-2's reset().
  RandomStream phase(config_.clock_seed, StreamPurpose::kTcpClock,
                     (static_cast<uint64_t>(static_cast<uint32_t>(flow_)) << 32) | epoch_);
  const double tick_ns = static_cast<double>(config_.clock_tick.ns());
  clock_phase_ = Time::Nanos(static_cast<int64_t>(phase.Uniform() * tick_ns));
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
  if (timing_ && snd_una_ > timed_seq_) {
    timing_ = false;
    SampleRtt(timed_at_);
  }

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
  timing_ = false;  // Karn's rule: the timed segment's ACK may now answer a retransmission
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
  timing_ = false;
  // Backed off this far, srtt and rttvar are stale: the next sample starts
  // them afresh (ns-2's rtt_backoff beyond 8; RFC 6298 sec. 5 allows it).
  if (backoff_ > 8) have_rtt_ = false;
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
  p->route = route_;
  if (seq < high_sent_) {
    p->flags |= kFlagRetransmit;
    ++stats_.retransmits;
  } else {
    high_sent_ = seq + 1;
    if (!timing_) {
      timing_ = true;
      timed_seq_ = seq;
      timed_at_ = loop_.now();
    }
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

// ns-2's rtt_update, integer arithmetic throughout (every platform agrees).
// The sample is the number of clock ticks between sending and now, at least
// one; srtt gains 1/8 and rttvar 1/4 per sample (RFC 6298 sec. 2), the RTO is
// srtt + 4 rttvar in whole ticks, and rttvar never falls below a quarter tick.
void TcpSource::SampleRtt(Time sent_at) {
  const int64_t tick = config_.clock_tick.ns();
  const int64_t ticks = std::max<int64_t>(
      (loop_.now() + clock_phase_).ns() / tick - (sent_at + clock_phase_).ns() / tick, 1);
  if (!have_rtt_) {
    have_rtt_ = true;
    srtt8_ = ticks * 8;
    rttvar4_ = ticks * 2;
  } else {
    int64_t delta = ticks - srtt8_ / 8;
    srtt8_ = std::max<int64_t>(srtt8_ + delta, 1);
    delta = (delta < 0 ? -delta : delta) - rttvar4_ / 4;
    rttvar4_ = std::max<int64_t>(rttvar4_ + delta, 1);
  }
  rto_ = Time::Nanos((srtt8_ + 8 * rttvar4_) / 8 * tick);
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
    if (it == out_of_order_.end() || *it != p->seq) {
      out_of_order_.insert(it, p->seq);
    } else {
      ++stats_.duplicate_segments;
    }
  } else {
    ++stats_.duplicate_segments;
  }
  stats_.delivered_segments += expected_ - before;
  const Bytes delivered = (expected_ - before) * p->size;
  stats_.delivered_bytes += delivered;
  if (group_total_) *group_total_ += delivered;

  // Out-of-order data, a filled hole or a duplicate is ACKed at once (RFC
  // 5681 sec. 4.2), and so is the second of two in-order segments.
  const bool in_order_step = expected_ == before + 1 && !had_holes;
  if (config_.delayed_ack && in_order_step && !ack_pending_) {
    ack_pending_ = true;
    delack_timer_.Arm(loop_.now() + config_.delayed_ack_timeout);
    pool_.Release(p);
    return;
  }
  SendAck(p);
}

void TcpSink::OnEvent(uint32_t) {
  if (!ack_pending_) return;
  Packet* p = pool_.Allocate();
  p->flow = flow_;
  p->epoch = epoch_;
  SendAck(p);
}

void TcpSink::SendAck(Packet* p) {
  ack_pending_ = false;
  delack_timer_.Cancel();
  ++acks_sent_;
  // The data packet turns into its ACK: same flow and epoch. No timestamp
  // echo: ns-2's agents time their own segments, as the sender here does.
  p->flags = kFlagAck | (ece_pending_ ? kFlagEce : 0);
  p->seq = expected_;
  p->size = config_.ack_bytes;
  p->route = ack_route_;
  p->hop = 0;
  Forward(p);
}

}  // namespace aqmlab
