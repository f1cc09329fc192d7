// Small hops that count what the traffic models do not count themselves, for
// the per-class metrics. Neither changes, delays or drops a packet.
#pragma once

#include <cstdint>
#include <vector>

#include "metrics/recorder.h"
#include "net/packet.h"
#include "traffic/open_loop_sink.h"

namespace aqmlab {

// The end of an open-loop group's routes, before its sink: counts packets
// and the gaps in each source's sequence numbers. A source's packets arrive
// in order (every hop is FIFO per flow), so a gap is exactly a loss, seen
// when the next packet of that source arrives.
class LossTap final : public PacketReceiver {
 public:
  explicit LossTap(int32_t flow_base) : base_(flow_base) {}
  void set_next(PacketReceiver* next) { next_ = next; }
  void Receive(Packet* p) override {
    const auto k = static_cast<size_t>(p->flow - base_);
    if (k >= expected_.size()) expected_.resize(k + 1, 0);
    if (p->seq > expected_[k]) lost_ += p->seq - expected_[k];
    expected_[k] = p->seq + 1;
    ++received_;
    next_->Receive(p);
  }
  int64_t received() const { return received_; }
  int64_t lost() const { return lost_; }

 private:
  int32_t base_;
  PacketReceiver* next_ = nullptr;
  std::vector<int64_t> expected_;  // per source: the next sequence number
  int64_t received_ = 0;
  int64_t lost_ = 0;
};

// The first hop of short flows' ACK routes: the cumulative ACK a receiver
// sends is its in-order delivery, so the ACKs' advances add up to the
// goodput (with delayed ACKs, up to one unACKed segment late). Slot ids are
// flow - flow_base; a new connection (epoch) in a slot starts from zero.
class AckTap final : public PacketReceiver {
 public:
  explicit AckTap(int32_t flow_base) : base_(flow_base) {}
  void Receive(Packet* ack) override {
    const auto k = static_cast<size_t>(ack->flow - base_);
    if (k >= slots_.size()) slots_.resize(k + 1);
    Slot& s = slots_[k];
    if (ack->epoch > s.epoch) s = Slot{ack->epoch, 0};
    if (ack->epoch == s.epoch && ack->seq > s.acked) {
      delivered_ += ack->seq - s.acked;
      s.acked = ack->seq;
    }
    Forward(ack);
  }
  int64_t delivered_segments() const { return delivered_; }

 private:
  struct Slot {
    uint32_t epoch = 0;
    int64_t acked = 0;
  };
  int32_t base_;
  std::vector<Slot> slots_;
  int64_t delivered_ = 0;
};

// Where an open-loop group's routes end: the loss tap, then the group's sink.
struct OpenLoopEnd {
  OpenLoopEnd(PacketPool& pool, int32_t flow_base) : tap(flow_base), sink(pool) { tap.set_next(&sink); }
  void AddCounters(ClassCounters& c) const {
    c.delivered_bytes += sink.bytes();
    c.received_packets += tap.received();
    c.lost_packets += tap.lost();
  }
  LossTap tap;
  OpenLoopSink sink;
};

}  // namespace aqmlab
