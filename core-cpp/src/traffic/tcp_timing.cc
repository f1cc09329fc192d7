// The sender's round-trip timing and retransmission timer (traffic/tcp.h).
#include <algorithm>

#include "traffic/tcp.h"

namespace aqmlab {

// ns-2's rtt_update, integer arithmetic throughout (every platform agrees).
// The sample is the number of clock ticks between sending and now, at least
// one; srtt gains 1/8 and rttvar 1/4 per sample (RFC 6298 sec. 2), the RTO is
// srtt + 4 rttvar in whole ticks, and rttvar never falls below a quarter tick.
void TcpSource::SampleRtt(Time sent_at) {
  ++stats_.rtt_samples;
  stats_.rtt_sum_ns += (loop_.now() - sent_at).ns();
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

void TcpSource::RememberSendTime(int64_t seq, bool retransmission) {
  sent_at_.Fit(snd_una_, high_sent_ + 1, Time::Max());
  sent_at_[seq] = retransmission ? Time::Max() : loop_.now();
}

Time TcpSource::ExactRtt(int64_t ack_seq) const {
  if (sent_at_.empty() || ack_seq <= snd_una_ || ack_seq > high_sent_) return Time();
  const Time sent = sent_at_[ack_seq - 1];
  return sent == Time::Max() ? Time() : loop_.now() - sent;
}

// snd_una moves to `seq`; the delivery records (a window owner's) first, as
// they count from the old snd_una. What limited transmit sent is within the
// window again; after go-back-N the ACK may jump past snd_nxt; a timeout's
// resending ends once all it had sent is covered; a timed segment now
// covered is the RTO estimator's sample.
Time TcpSource::AdvanceUna(int64_t seq) {
  const Time exact = ExactRtt(seq);
  if (owns_window_) rate_.OnAcked(snd_una_, seq);
  snd_una_ = seq;
  limited_sent_ = 0;
  if (snd_nxt_ < snd_una_) snd_nxt_ = snd_una_;
  if (loss_recovery_ && snd_una_ >= loss_high_) loss_recovery_ = false;
  if (!timing_ || snd_una_ <= timed_seq_) return exact;
  timing_ = false;
  SampleRtt(timed_at_);
  // A window owner asks for exact round trips only; a classic controller
  // takes the timed one when the exact one is unknown.
  return exact == Time() && !owns_window_ ? loop_.now() - timed_at_ : exact;
}

void TcpSource::RestartRto() {
  if (snd_nxt_ > snd_una_ || ecn_hold_) {
    ArmRto();
  } else {
    rto_timer_.Cancel();
  }
}

void TcpSource::ArmRto() {
  Time wait = rto_ * backoff_;
  if (wait > config_.max_rto) wait = config_.max_rto;
  rto_timer_.Arm(loop_.now() + wait);
}

}  // namespace aqmlab
