#include "traffic/sack_scoreboard.h"

#include <algorithm>

namespace aqmlab {

// Keeps the ring's storage: a short flow's slot opens connection after
// connection, and a new segment's record is cleared when it is sent.
void SackScoreboard::Reset() {
  SeqRing<uint8_t> ring;
  ring.swap(ring_);
  *this = SackScoreboard{};
  ring_.swap(ring);
}

void SackScoreboard::OnSend(int64_t seq, bool rescue) {
  if (seq >= high_) {
    ring_.Fit(una_, seq + 1, 0);
    for (int64_t s = high_; s <= seq; ++s) ring_[s] = 0;
    high_ = seq + 1;
  } else if (!rescue && seq > high_rxt_) {
    RaiseRxt(seq);
  }
}

// HighRxt moves up to `seq`: the SACKed segments it passes now count in
// sacked_to_rxt_ (each passed once, so the cost is spread over recovery).
void SackScoreboard::RaiseRxt(int64_t seq) {
  for (int64_t s = std::max(high_rxt_ + 1, una_); s <= seq; ++s) {
    if (ring_[s] & kSacked) ++sacked_to_rxt_;
  }
  high_rxt_ = seq;
}

void SackScoreboard::Mark(int64_t seq) {
  ring_[seq] |= kSacked;
  ++sacked_;
  high_sacked_ = std::max(high_sacked_, seq + 1);
  if (seq <= high_rxt_) ++sacked_to_rxt_;
  if (seq < rto_floor_) ++sacked_below_floor_;
}

SackScoreboard::Update SackScoreboard::OnAck(int64_t cum, const SackBlock* blocks, int count) {
  Update u;
  cum = std::min(cum, high_);
  if (cum > una_) {
    u.acked = cum - una_;
    // Only SACKed segments need a look, and none once they are all passed.
    for (int64_t s = una_; s < cum && sacked_ > 0; ++s) {
      if ((ring_[s] & kSacked) == 0) continue;
      --sacked_;
      ++u.acked_sacked;
      if (s <= high_rxt_) --sacked_to_rxt_;
      if (s < rto_floor_) --sacked_below_floor_;
    }
    una_ = cum;
    high_sacked_ = std::max(high_sacked_, una_);
    if (sacked_ < kDupThresh) third_ = -1;
    lost_mark_ = std::max(lost_mark_, una_);
    scan_ = std::max(scan_, una_);
  }
  int64_t top_new = -1;
  for (int b = 0; b < count; ++b) {
    const int64_t end = std::min(blocks[b].end, high_);
    int64_t s = std::max(blocks[b].start, una_);
    while (s < end) {
      // What the previous ACK reported is marked already: skip it, so a
      // long block repeated by every ACK costs only its new segments. From
      // s, segments up to the next such block's start are looked at one by
      // one.
      int64_t past = s;
      int64_t stop = end;
      for (int k = 0; k < last_.count; ++k) {
        const SackBlock& seen = last_.blocks[k];
        if (seen.start <= s && s < seen.end) {
          past = std::max(past, seen.end);
        } else if (seen.start > s) {
          stop = std::min(stop, seen.start);
        }
      }
      if (past > s) {
        s = past;
        continue;
      }
      for (; s < stop; ++s) {
        if ((ring_[s] & kSacked) != 0) continue;
        Mark(s);
        ++u.newly_sacked;
        top_new = std::max(top_new, s);
      }
    }
  }
  last_.count = std::min(count, SackOption::kMaxBlocks);
  std::copy(blocks, blocks + last_.count, last_.blocks.begin());
  u.top_sacked = top_new;
  if (top_new > third_) FindThird();
  // Segments IsLost now holds for and did not before (the boundary only rises).
  const int64_t boundary = std::min(Boundary(), high_);
  for (int64_t s = lost_mark_; s < boundary; ++s) {
    if ((ring_[s] & kSacked) == 0) ++u.newly_lost;
  }
  lost_mark_ = std::max(lost_mark_, boundary);
  return u;
}

// The third-highest SACKed segment, searched down from the highest.
void SackScoreboard::FindThird() {
  third_ = -1;
  if (sacked_ < kDupThresh) return;
  int found = 0;
  for (int64_t s = high_sacked_ - 1; s >= una_; --s) {
    if ((ring_[s] & kSacked) != 0 && ++found == kDupThresh) {
      third_ = s;
      return;
    }
  }
}

void SackScoreboard::EnterRecovery() {
  recovery_point_ = high_ - 1;
  rescue_rxt_ = una_;
}

void SackScoreboard::EndRecovery() {
  high_rxt_ = una_ - 1;
  sacked_to_rxt_ = 0;
  scan_ = una_;
}

void SackScoreboard::OnTimeout() {
  recovery_point_ = high_ - 1;
  rto_floor_ = high_;
  sacked_below_floor_ = sacked_;
  // The timeout itself is the loss signal: these are not counted as newly lost.
  lost_mark_ = high_;
  EndRecovery();
}

bool SackScoreboard::IsLost(int64_t seq) const {
  return seq >= una_ && seq < high_ && (seq < third_ || seq < rto_floor_);
}

int64_t SackScoreboard::Boundary() const { return std::max(third_, rto_floor_); }

// Un-SACKed segments in [una_, boundary): below the third-highest SACKed one
// all SACKed segments but those three lie, below a timeout's floor the ones
// counted as they came.
int64_t SackScoreboard::LostBelow(int64_t boundary) const {
  if (boundary <= una_) return 0;
  if (third_ >= rto_floor_) return (third_ - una_) - (sacked_ - kDupThresh);
  return (rto_floor_ - una_) - sacked_below_floor_;
}

int64_t SackScoreboard::Pipe() const {
  const int64_t not_lost = (high_ - una_) - sacked_ - lost();
  const int64_t resent = high_rxt_ >= una_ ? (high_rxt_ + 1 - una_) - sacked_to_rxt_ : 0;
  return not_lost + resent;
}

SackScoreboard::Next SackScoreboard::NextSeg(bool new_data_ok, bool in_recovery) {
  scan_ = std::max({scan_, high_rxt_ + 1, una_});
  while (scan_ < high_ && (ring_[scan_] & kSacked) != 0) ++scan_;
  // Rule 1: the lowest un-SACKed segment above HighRxt that IsLost (below
  // the highest SACKed one, as IsLost implies). Outside recovery only what
  // a timeout left lost: a later loss waits for a recovery, which cuts the
  // window (resent at once, slow start after the timeout would go on
  // doubling through every new loss).
  if (scan_ < high_ && IsLost(scan_) && (in_recovery || scan_ < rto_floor_)) return {scan_, 1};
  // Rule 2: new data.
  if (new_data_ok) return {high_, 2};
  // Rule 3: the lowest un-SACKed segment above HighRxt below the highest SACKed.
  if (in_recovery && scan_ < high_sacked_) return {scan_, 3};
  // Rule 4: one rescue retransmission per recovery, of the highest
  // un-SACKed segment, once HighACK has passed RescueRxt.
  if (in_recovery && una_ - 1 > rescue_rxt_) {
    for (int64_t s = high_ - 1; s >= una_; --s) {
      if ((ring_[s] & kSacked) == 0) {
        rescue_rxt_ = recovery_point_;
        return {s, 4};
      }
    }
  }
  return {};
}

}  // namespace aqmlab
