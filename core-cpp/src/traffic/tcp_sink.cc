// The receiving end of traffic/tcp.h: in-order delivery, the out-of-order
// buffer, delayed ACKs (RFC 5681 sec. 4.2) and the ECN echo (RFC 3168 or
// RFC 8257 sec. 3.2, by the sender's controller).
#include "traffic/tcp.h"

#include <algorithm>
#include <cstdint>

namespace aqmlab {

namespace {

// The run of consecutive segments around *at in a sorted list of distinct
// segments: v[j] - v[i] == j - i exactly when v[i..j] is consecutive, which
// holds up to the run's end and not after, so each edge is a binary search.
SackBlock RunAround(const int64_t* first, const int64_t* last, const int64_t* at) {
  const int64_t* lo = first;
  const int64_t* hi = at;  // the run starts in [lo, hi]
  while (lo < hi) {
    const int64_t* mid = lo + (hi - lo) / 2;
    if (*at - *mid == at - mid) hi = mid; else lo = mid + 1;
  }
  const int64_t start = *lo;
  lo = at;
  hi = last - 1;  // the run ends in [lo, hi]
  while (lo < hi) {
    const int64_t* mid = hi - (hi - lo) / 2;
    if (*mid - *at == mid - at) lo = mid; else hi = mid - 1;
  }
  return {start, *lo + 1};
}

}  // namespace

TcpSink::TcpSink(EventLoop& loop, PacketPool& pool, const TcpConfig& config,
                 const Route* ack_route)
    : loop_(loop), pool_(pool), config_(config), ack_route_(ack_route),
      scalable_ecn_(DescriptorOf(config).ecn == EcnResponse::kScalable),
      delack_timer_(loop, this, 0) {}

void TcpSink::Reset(uint32_t epoch) {
  epoch_ = epoch;
  expected_ = 0;
  out_of_order_.clear();
  ooo_head_ = 0;
  ece_pending_ = false;
  ack_pending_ = false;
  delack_timer_.Cancel();
  blocks_.count = 0;
}

// RFC 2018 sec. 4: the first block is the one holding the segment that just
// arrived (when it did not move the cumulative point), then the blocks
// reported before, most recent first, each once, none the cumulative ACK
// covers; four at most.
void TcpSink::UpdateBlocks(const int64_t* arrived) {
  SackOption next;
  if (arrived) {
    const int64_t* first = out_of_order_.data() + ooo_head_;
    next.blocks[next.count++] = RunAround(first, out_of_order_.data() + out_of_order_.size(), arrived);
  }
  for (int k = 0; k < blocks_.count && next.count < SackOption::kMaxBlocks; ++k) {
    const SackBlock& b = blocks_.blocks[k];
    // Blocks are whole runs: one inside the new first block is part of it.
    const bool covered = next.count > 0 && b.start >= next.blocks[0].start && b.end <= next.blocks[0].end;
    if (b.end > expected_ && !covered) next.blocks[next.count++] = b;
  }
  blocks_ = next;
}

void TcpSink::Receive(Packet* p) {
  if (p->epoch < epoch_) {
    pool_.Release(p);
    return;
  }
  if (p->epoch > epoch_) Reset(p->epoch);
  flow_ = p->flow;
  const bool ce = p->ecn == Ecn::kCe;
  if (ce) ++stats_.ce_segments;
  if (scalable_ecn_) {
    if (ce != ece_pending_) OnCeChange(ce);
  } else {
    // RFC 3168 sec. 6.1.3: echo CE until the sender says it reduced (CWR).
    if (p->has(kFlagCwr)) ece_pending_ = false;
    if (ce) ece_pending_ = true;
  }

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
      it = out_of_order_.insert(it, p->seq);
    } else {
      ++stats_.duplicate_segments;
    }
    if (config_.sack) UpdateBlocks(&*it);
  } else {
    ++stats_.duplicate_segments;
  }
  if (config_.sack && p->seq <= before) UpdateBlocks(nullptr);
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

// RFC 8257 sec. 3.2's two-state machine: an ACK held back for the delayed
// ACK covers segments of the old CE state, so it leaves now with that
// state's ECN-Echo; then the state changes. Without delayed ACKs every
// segment is ACKed with its own CE.
void TcpSink::OnCeChange(bool ce) {
  if (ack_pending_) OnEvent(0);
  ece_pending_ = ce;
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
  p->ecn = Ecn::kNotEct;  // ACKs are not ECN-capable (RFC 3168 sec. 6.1.4)
  p->seq = expected_;
  const size_t held = out_of_order_.size() - ooo_head_;
  p->held = static_cast<uint16_t>(std::min<size_t>(held, UINT16_MAX));
  if (config_.sack) {
    if (blocks_.count > 0) pool_.AttachSack(p, blocks_);
  } else {
    p->held_span = held > 0 ? static_cast<int32_t>(out_of_order_.back() + 1 - expected_) : 0;
  }
  p->size = config_.ack_bytes;
  p->route = ack_route_;
  p->hop = 0;
  Forward(p);
}

}  // namespace aqmlab
