// Small hops that count what the traffic models do not count themselves, for
// the per-class metrics, into the class's totals (Network::class_totals) as
// packets pass. Neither changes, delays or drops a packet.
#pragma once

#include <cstdint>
#include <vector>

#include "metrics/summary.h"
#include "net/packet.h"
#include "traffic/open_loop_sink.h"

namespace aqmlab {

// The end of an open-loop group's routes, before its sink: counts the
// packets and bytes that arrive and the gaps in each source's sequence
// numbers. A source's packets arrive in order (every hop is FIFO per flow),
// so a gap is exactly a loss, seen when the next packet of that source
// arrives.
class LossTap final : public PacketReceiver {
 public:
  LossTap(int32_t flow_base, ClassCounters& totals) : base_(flow_base), totals_(totals) {}
  void set_next(PacketReceiver* next) { next_ = next; }
  void Receive(Packet* p) override {
    const auto k = static_cast<size_t>(p->flow - base_);
    if (k >= expected_.size()) expected_.resize(k + 1, 0);
    if (p->seq > expected_[k]) totals_.lost_packets += p->seq - expected_[k];
    expected_[k] = p->seq + 1;
    ++totals_.received_packets;
    totals_.delivered_bytes += p->size;
    next_->Receive(p);
  }

 private:
  int32_t base_;
  ClassCounters& totals_;
  PacketReceiver* next_ = nullptr;
  std::vector<int64_t> expected_;  // per source: the next sequence number
};

// The first hop of short flows' ACK routes: the cumulative ACK a receiver
// sends is its in-order delivery, so the ACKs' advances add up to the
// goodput (with delayed ACKs, up to one unACKed segment late), added to
// `delivered_bytes` at `segment_bytes` a segment. Slot ids are flow -
// flow_base; a new connection (epoch) in a slot starts from zero.
class AckTap final : public PacketReceiver {
 public:
  AckTap(int32_t flow_base, Bytes segment_bytes, Bytes& delivered_bytes)
      : base_(flow_base), segment_bytes_(segment_bytes), delivered_bytes_(delivered_bytes) {}
  void Receive(Packet* ack) override {
    const auto k = static_cast<size_t>(ack->flow - base_);
    if (k >= slots_.size()) slots_.resize(k + 1);
    Slot& s = slots_[k];
    if (ack->epoch > s.epoch) s = Slot{ack->epoch, 0};
    if (ack->epoch == s.epoch && ack->seq > s.acked) {
      delivered_bytes_ += (ack->seq - s.acked) * segment_bytes_;
      s.acked = ack->seq;
    }
    Forward(ack);
  }
 private:
  struct Slot {
    uint32_t epoch = 0;
    int64_t acked = 0;
  };
  int32_t base_;
  Bytes segment_bytes_;
  Bytes& delivered_bytes_;
  std::vector<Slot> slots_;
};

// Where an open-loop group's routes end: the loss tap, then the group's sink.
struct OpenLoopEnd {
  OpenLoopEnd(PacketPool& pool, int32_t flow_base, ClassCounters& totals)
      : tap(flow_base, totals), sink(pool) {
    tap.set_next(&sink);
  }
  LossTap tap;
  OpenLoopSink sink;
};

}  // namespace aqmlab
