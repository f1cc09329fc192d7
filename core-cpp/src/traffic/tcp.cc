#include "traffic/tcp.h"

#include <algorithm>

#include "sim/rng.h"
#include "traffic/new_ack_event.h"

namespace aqmlab {

namespace {
constexpr uint32_t kRtoTag = 0;
constexpr uint32_t kPaceTag = 1;

const CcEntry& EntryOf(const TcpConfig& config) { return config.cc ? *config.cc : DefaultCc(); }

std::unique_ptr<CongestionControl> BuildController(const TcpConfig& config) {
  // The scenario checked these values; a refusal here is a bug.
  Result<std::unique_ptr<CongestionControl>> cc = EntryOf(config).create(config.cc_params);
  if (!cc.ok()) std::abort();
  return std::move(cc.value());
}
}  // namespace

const CcDescriptor& DescriptorOf(const TcpConfig& config) { return EntryOf(config).describe(); }

TcpSource::TcpSource(EventLoop& loop, PacketPool& pool, int32_t flow, int16_t traffic_class,
                     const TcpConfig& config, const Route* route)
    : loop_(loop), pool_(pool), flow_(flow), class_(traffic_class), config_(config),
      route_(route), rto_timer_(loop, this, kRtoTag), pace_timer_(loop, this, kPaceTag),
      cc_(BuildController(config)), cc_desc_(&DescriptorOf(config)),
      newreno_recovery_(cc_desc_->recovery == RecoveryKind::kNewReno),
      steady_recovery_(cc_desc_->recovery_timer == RecoveryTimer::kSteady),
      scalable_ecn_(cc_desc_->ecn == EcnResponse::kScalable),
      owns_window_(cc_desc_->owns_window), sack_(config.sack) {}

void TcpSource::Start() {
  ++epoch_;
  running_ = true;
  w_.cwnd = config_.initial_window;
  w_.ssthresh = config_.advertised_window;
  next_send_ = loop_.now();
  const uint64_t stream = (static_cast<uint64_t>(static_cast<uint32_t>(flow_)) << 32) | epoch_;
  cc_->Reset(CcStart{loop_.now(), w_.cwnd, config_.segment_bytes, config_.clock_seed, stream});
  if (owns_window_) rate_.Reset();
  if (sack_) board_.Reset();
  snd_una_ = snd_nxt_ = high_sent_ = sacked_ = fack_ = 0;
  loss_recovery_ = false;
  recover_ = ecn_recover_ = -1;
  dupacks_ = limited_sent_ = 0;
  in_recovery_ = send_cwr_ = have_rtt_ = ecn_hold_ = timing_ = false;
  srtt8_ = rttvar4_ = 0;
  rto_ = config_.initial_rto;
  backoff_ = 1;
  // A fresh connection reads its clock from a fresh phase, as ns-2's reset().
  RandomStream phase(config_.clock_seed, StreamPurpose::kTcpClock, stream);
  const double tick_ns = static_cast<double>(config_.clock_tick.ns());
  clock_phase_ = Time::Nanos(static_cast<int64_t>(phase.Uniform() * tick_ns));
  rto_timer_.Cancel();
  pace_timer_.Cancel();
  SendAvailable();
}

void TcpSource::Stop() {
  running_ = false;
  ++epoch_;  // ACKs still in flight belong to the closed connection
  rto_timer_.Cancel();
  pace_timer_.Cancel();
}

void TcpSource::Receive(Packet* ack) {
  if (running_ && ack->epoch == epoch_) {
    if (sack_) {
      OnSackAck(*ack);
    } else if (owns_window_) {
      OnModelAck(*ack);
    } else if (ack->seq > snd_una_) {
      OnNewAck(*ack);
    } else if (ack->seq == snd_una_ && snd_nxt_ > snd_una_) {
      OnDuplicateAck();
    }
    // RFC 3168 sec. 6.1.2: react to ECN-Echo at most once per window of data.
    if (ack->has(kFlagEce) && !scalable_ecn_ && !in_recovery_ && snd_una_ > ecn_recover_) {
      OnEcnEcho();
    }
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
  if (w_.cwnd <= 1.0 && !owns_window_) {
    ecn_hold_ = true;
    ArmRto();
  }
  cc_->OnEcnEcho(Congestion(ResponseFlight()), w_);
  // ECN-Echoes keep coming for the rest of this window's ACKs, the last one
  // included; the next reduction waits for an ACK of data sent after this one.
  ecn_recover_ = snd_nxt_;
  send_cwr_ = true;
  ++stats_.ecn_reductions;
}

void TcpSource::OnNewAck(const Packet& ack) {
  const int64_t newly_acked = ack.seq - snd_una_;
  const Time rtt = AdvanceUna(ack.seq);

  if (in_recovery_) {
    if (snd_una_ > recover_ || !newreno_recovery_) {
      // Full ACK (RFC 6582 sec. 3.2 step 3): deflate the window.
      in_recovery_ = false;
      dupacks_ = 0;
      w_.cwnd = std::min(w_.ssthresh, std::max(FlightSize(), 1.0) + 1.0);
    } else {
      // Partial ACK: the next hole is lost too; retransmit it at once.
      Transmit(snd_una_);
      w_.cwnd = std::max(w_.cwnd - static_cast<double>(newly_acked) + 1.0, 1.0);
      // RFC 6582 sec. 4, the "Impatient" variant (ns-2's, NewReno's here):
      // only the first partial ACK restarts the timer, so a window with many
      // losses ends in a timeout instead of repairing one hole per round trip
      // for minutes. A controller may ask for "Slow-but-Steady" instead.
      if (partial_acks_++ > 0 && !steady_recovery_) {
        w_.cwnd = std::min(w_.cwnd, config_.advertised_window);
        return;
      }
    }
  } else if (ack.has(kFlagEce) && !scalable_ecn_) {
    dupacks_ = 0;  // an ECN-Echo ACK never opens the window (RFC 3168 sec. 6.1.2)
  } else {
    dupacks_ = 0;
    cc_->OnAck(NewAckEvent(loop_.now(), newly_acked, ack.has(kFlagEce), snd_una_, snd_nxt_, rtt), w_);
  }
  w_.cwnd = std::min(w_.cwnd, config_.advertised_window);
  RestartRto();
}

void TcpSource::OnDuplicateAck() {
  ++dupacks_;
  if (in_recovery_) {
    w_.cwnd += 1.0;  // window inflation: one segment has left the network
    return;
  }
  if (dupacks_ != 3) return;
  // RFC 6582 sec. 3.2 step 1: no second reduction for losses of a window
  // that a timeout or an earlier recovery already answered.
  if (newreno_recovery_ && snd_una_ <= recover_) return;
  EnterFastRecovery();
  Transmit(snd_una_);
  w_.cwnd = w_.ssthresh + 3.0;
  // The retransmission waits behind the whole queue; restart the timer for
  // it (as ns-2 and Linux do) rather than let the old deadline expire.
  ArmRto();
}

void TcpSource::EnterFastRecovery() {
  w_.ssthresh = cc_->OnLoss(Congestion(RecoveryFlight()), w_);
  recover_ = snd_nxt_ - 1;
  in_recovery_ = true;
  partial_acks_ = 0;
  ++stats_.fast_retransmits;
  timing_ = false;  // Karn's rule: the timed segment's ACK may now answer a retransmission
}

void TcpSource::OnEvent(uint32_t tag) {
  if (tag == kPaceTag) {
    SendAvailable();
  } else {
    OnTimeout();
  }
}

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
  w_.ssthresh = cc_->OnRto(Congestion(ResponseFlight(), in_recovery_ || backoff_ > 1), w_);
  w_.cwnd = 1.0;
  recover_ = snd_nxt_ - 1;
  in_recovery_ = false;
  loss_recovery_ = true;
  loss_high_ = high_sent_;
  dupacks_ = limited_sent_ = 0;
  backoff_ = std::min(backoff_ * 2, 64);  // RFC 6298 sec. 5.5
  timing_ = false;
  // Backed off this far, srtt and rttvar are stale: the next sample starts
  // them afresh (ns-2's rtt_backoff beyond 8; RFC 6298 sec. 5 allows it).
  if (backoff_ > 8) have_rtt_ = false;
  if (sack_) {
    board_.OnTimeout();  // resends what is not SACKed, by NextSeg
  } else {
    snd_nxt_ = snd_una_;  // go back N
  }
  rto_timer_.Cancel();
  SendAvailable();
  ArmRto();
}

bool TcpSource::PaceAllows(double rate) {
  if (rate <= 0) return true;
  const Time now = loop_.now();
  if (now < next_send_) {
    if (!pace_timer_.armed()) pace_timer_.Arm(next_send_);
    return false;
  }
  next_send_ = now + Time::Seconds(1.0 / rate);
  return true;
}

void TcpSource::SendAvailable() {
  if (sack_) {
    SendSack();
    return;
  }
  if (!running_ || ecn_hold_) return;
  // RFC 3042: after the first or second duplicate ACK (outside recovery) the
  // window stretches by that many segments, so each lets one new segment out
  // and keeps the ACK clock going when the window is too small for three
  // duplicates. cwnd itself does not move. Only previously unsent data goes
  // out this way (the RFC's words): after a timeout's go-back-N the
  // duplicates answer old copies, and resending more of the window into a
  // still-full queue would lose it again.
  const bool limited =
      config_.limited_transmit && !owns_window_ && !in_recovery_ && dupacks_ > 0 && dupacks_ < 3;
  const double extra = limited ? static_cast<double>(dupacks_) : 0.0;
  // A window owner's window bounds the segments in flight (Pipe), not
  // the span from snd_una.
  const int64_t base = owns_window_ ? snd_nxt_ - static_cast<int64_t>(Pipe()) : snd_una_;
  const int64_t window_limit = base + static_cast<int64_t>(w_.cwnd);
  const int64_t limit = std::min(base + static_cast<int64_t>(w_.cwnd + extra),
                                 snd_una_ + static_cast<int64_t>(config_.advertised_window));
  const double rate = cc_->PacingRate(w_);
  while (snd_nxt_ < limit) {
    if (snd_nxt_ >= window_limit) {
      if (snd_nxt_ < high_sent_) break;
      ++limited_sent_;
    }
    if (!PaceAllows(rate)) break;
    Transmit(snd_nxt_);
    ++snd_nxt_;
  }
  if (!rto_timer_.armed() && snd_nxt_ > snd_una_) ArmRto();
}

void TcpSource::Transmit(int64_t seq, bool rescue) {
  Packet* p = pool_.Allocate();
  p->flow = flow_;
  p->epoch = epoch_;
  p->seq = seq;
  p->size = config_.segment_bytes;
  p->traffic_class = class_;
  p->route = route_;
  const bool retransmission = seq < high_sent_;
  if (!sent_at_.empty() || cc_desc_->rtt_every_ack) RememberSendTime(seq, retransmission);
  if (owns_window_) rate_.OnSend(seq, snd_una_, high_sent_, loop_.now());
  if (sack_) board_.OnSend(seq, rescue);
  if (retransmission) {
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
    p->ecn = cc_desc_->codepoint;
    if (send_cwr_) {
      p->flags |= kFlagCwr;
      send_cwr_ = false;
    }
  }
  ++stats_.segments_sent;
  Forward(p);
}

}  // namespace aqmlab
