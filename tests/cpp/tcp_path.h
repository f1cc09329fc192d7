// A TCP sender and its receiver on a 100 ms round trip with no queue, for
// the sender tests (tcp_test.cc, sack_test.cc): the first hop loses or CE
// marks the first transmission of listed segments and logs what passes.
#pragma once

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "net/pipe.h"
#include "traffic/cc/registry.h"
#include "traffic/tcp.h"

namespace aqmlab::testing {

// Loses the first transmission of each segment in `lost` (and the first
// retransmission of each in `lost_resent`), marks that of each in `marked`
// CE (if ECN-capable); logs every data segment that passes, and each
// retransmission sent, with the time (ms).
struct LoseListed final : PacketReceiver {
  void Receive(Packet* p) override {
    const int64_t ms = loop->now().ns() / 1000000;
    if (p->has(kFlagRetransmit)) {
      resent.push_back({ms, p->seq});
      if (lost_resent.erase(p->seq) != 0) {
        pool->Release(p);
        return;
      }
    } else if (lost.count(p->seq) != 0) {
      pool->Release(p);
      return;
    } else if (marked.count(p->seq) != 0 && EcnCapable(p->ecn)) {
      p->ecn = Ecn::kCe;
    }
    passed.push_back({ms, p->seq});
    Forward(p);
  }
  EventLoop* loop = nullptr;
  PacketPool* pool = nullptr;
  std::set<int64_t> lost;
  std::set<int64_t> marked;
  std::set<int64_t> lost_resent;  // their first retransmission is lost too
  std::vector<std::pair<int64_t, int64_t>> passed;  // (ms, segment)
  std::vector<std::pair<int64_t, int64_t>> resent;  // (ms, segment)
};

// The two delay lines are `one_way` each (50 ms: a 100 ms round trip);
// `before` hops sit between the loss hop and the line.
struct RoundTrip100ms {
  explicit RoundTrip100ms(const TcpConfig& config, std::vector<PacketReceiver*> before = {},
                          Time one_way = Time::Millis(50))
      : forward(loop, 0, one_way), backward(loop, 0, one_way),
        source(loop, pool, 0, 0, config, &data_route), sink(loop, pool, config, &ack_route) {
    lose.loop = &loop;
    lose.pool = &pool;
    before.insert(before.begin(), &lose);
    before.push_back(&forward);
    before.push_back(&sink);
    data_route.hops = before;
    ack_route.hops = {&backward, &source};
  }
  EventLoop loop;
  PacketPool pool;
  LoseListed lose;
  Pipe forward;
  Pipe backward;
  Route data_route;
  Route ack_route;
  TcpSource source;
  TcpSink sink;
};

// The same path with the congestion controller named `variant`.
struct LossyPath : RoundTrip100ms {
  LossyPath(const char* variant, TcpConfig c) : RoundTrip100ms(WithCc(c, variant)) {}
  static TcpConfig WithCc(TcpConfig c, const char* variant) {
    c.cc = FindCc(variant);
    return c;
  }
};

}  // namespace aqmlab::testing
