// The end of an open-loop route: counts what arrives, sums the one-way delay
// and returns the packet to the pool. One sink may serve any number of
// sources (it does not tell flows apart); put it last on the route.
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "sim/event_loop.h"

namespace aqmlab {

struct OpenLoopSinkStats {
  int64_t packets = 0;
  Bytes bytes = 0;
  Time delay_sum;  // sum over packets of (arrival - sent_at)
};

class OpenLoopSink final : public PacketReceiver {
 public:
  OpenLoopSink(EventLoop& loop, PacketPool& pool) : loop_(loop), pool_(pool) {}
  void Receive(Packet* p) override {
    ++stats_.packets;
    stats_.bytes += p->size;
    stats_.delay_sum += loop_.now() - p->sent_at;
    pool_.Release(p);
  }
  const OpenLoopSinkStats& stats() const { return stats_; }

 private:
  EventLoop& loop_;
  PacketPool& pool_;
  OpenLoopSinkStats stats_;
};

}  // namespace aqmlab
