// The end of an open-loop route: counts the bytes that arrive and returns
// the packet to the pool. One sink may serve any number of sources (it does
// not tell flows apart); put it last on the route.
#pragma once

#include "net/packet.h"

namespace aqmlab {

class OpenLoopSink final : public PacketReceiver {
 public:
  explicit OpenLoopSink(PacketPool& pool) : pool_(pool) {}
  void Receive(Packet* p) override {
    bytes_ += p->size;
    pool_.Release(p);
  }
  Bytes bytes() const { return bytes_; }

 private:
  PacketPool& pool_;
  Bytes bytes_ = 0;
};

}  // namespace aqmlab
