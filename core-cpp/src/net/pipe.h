// A point-to-point path segment whose buffer never fills: an optional
// serialiser (a FIFO at a constant rate) followed by a propagation delay.
// Because the FIFO's departure times follow from its arrivals, each packet's
// exit time is known on entry, and the pipe keeps one pending event, for its
// head. Used for access links, the uncongested reverse path and the wire
// after a bottleneck queue.
#pragma once

#include "net/packet.h"
#include "sim/event_loop.h"

namespace aqmlab {

class Pipe final : public PacketReceiver, public EventTarget {
 public:
  // rate_bps == 0 means no serialisation (a pure delay line).
  Pipe(EventLoop& loop, double rate_bps, Time delay)
      : loop_(loop), rate_{rate_bps}, delay_(delay) {}

  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag) override;
  Pipe* AsPipe() override { return this; }

  // A pipe fed by exactly one FIFO upstream pipe (a flow's own access link
  // behind a shared reverse link) can take packets ahead of time: its
  // arrivals come in order, so the upstream hands each packet over on entry
  // with its arrival time, and the whole chain costs one event per packet.
  void set_single_feeder(bool v) { single_feeder_ = v; }

  void set_delay(Time d) { delay_ = d; }
  Time delay() const { return delay_; }
  int64_t in_flight() const { return list_.size(); }

 private:
  EventLoop& loop_;
  BitsPerSecond rate_;
  Time delay_;
  Time busy_until_;
  void Accept(Packet* p, Time arrival);

  PacketList list_;
  bool scheduled_ = false;
  bool single_feeder_ = false;
};

}  // namespace aqmlab
