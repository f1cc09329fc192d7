// The receiving end of traffic/tcp.h: in-order delivery, the out-of-order
// buffer, delayed ACKs (RFC 5681 sec. 4.2) and the ECN echo (RFC 3168 or
// RFC 8257 sec. 3.2, by the sender's controller).
#include "traffic/tcp.h"

#include <algorithm>
#include <cstdint>

namespace aqmlab {

TcpSink::TcpSink(EventLoop& loop, PacketPool& pool, const TcpConfig& config,
                 const Route* ack_route)
    : loop_(loop), pool_(pool), config_(config), ack_route_(ack_route),
      scalable_ecn_(DescriptorOf(config).ecn == EcnResponse::kScalable),
      delack_timer_(loop, this, 0) {
  if (config_.sack) blocks_ = std::make_unique<SackOption>();
}

void TcpSink::Reset(uint32_t epoch) {
  epoch_ = epoch;
  expected_ = 0;
  runs_.Clear();
  held_ = 0;
  ece_pending_ = false;
  ack_pending_ = false;
  delack_timer_.Cancel();
  if (blocks_) blocks_->count = 0;
}

// RFC 2018 sec. 4: the first block is the one holding the segment that just
// arrived (when it did not move the cumulative point), then the blocks
// reported before, most recent first, each once, none the cumulative ACK
// covers; four at most.
void TcpSink::UpdateBlocks(const SackBlock* arrived) {
  SackOption next;
  if (arrived) next.blocks[next.count++] = *arrived;
  for (int k = 0; k < blocks_->count && next.count < SackOption::kMaxBlocks; ++k) {
    const SackBlock& b = blocks_->blocks[k];
    // Blocks are whole runs: one inside the new first block is part of it.
    const bool covered = next.count > 0 && b.start >= next.blocks[0].start && b.end <= next.blocks[0].end;
    if (b.end > expected_ && !covered) next.blocks[next.count++] = b;
  }
  *blocks_ = next;
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
  const bool had_holes = held_ > 0;
  if (p->seq == expected_) {
    ++expected_;
    // Runs are apart, so the segment joins at most the first.
    if (!runs_.empty() && runs_.Front().start == expected_) {
      held_ -= runs_.Front().end - expected_;
      expected_ = runs_.Front().end;
      runs_.PopFront();
    }
  } else if (p->seq > expected_) {
    bool duplicate = false;
    const SackBlock& run = runs_.Add(p->seq, &duplicate);
    if (duplicate) {
      ++stats_.duplicate_segments;
    } else {
      ++held_;
    }
    if (blocks_) UpdateBlocks(&run);
  } else {
    ++stats_.duplicate_segments;
  }
  if (blocks_ && p->seq <= before) UpdateBlocks(nullptr);
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
  p->held = static_cast<uint16_t>(std::min<int64_t>(held_, UINT16_MAX));
  if (blocks_) {
    if (blocks_->count > 0) pool_.AttachSack(p, *blocks_);
  } else {
    p->held_span = held_ > 0 ? static_cast<int32_t>(runs_.Back().end - expected_) : 0;
  }
  p->size = config_.ack_bytes;
  p->route = ack_route_;
  p->hop = 0;
  Forward(p);
}

}  // namespace aqmlab
