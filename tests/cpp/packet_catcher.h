// A hop at the end of a route that records when each packet reaches it (and
// its sequence number) and gives it back to the pool: what tests of pipes
// and links wire their hops to.
#pragma once

#include <cstdint>
#include <vector>

#include "net/packet.h"

namespace aqmlab::testing {

struct Catcher final : PacketReceiver {
  Catcher(EventLoop& l, PacketPool& p) : loop(l), pool(p) {}
  void Receive(Packet* p) override {
    arrivals.push_back(loop.now().ns());
    seqs.push_back(p->seq);
    pool.Release(p);
  }
  EventLoop& loop;
  PacketPool& pool;
  std::vector<int64_t> arrivals;
  std::vector<int64_t> seqs;
};

}  // namespace aqmlab::testing
