// A point-to-point path segment whose buffer never fills: an optional
// serialiser (a FIFO at a constant rate) followed by a propagation delay.
// Because the FIFO's departure times follow from its arrivals, each packet's
// exit time is known on entry, and the pipe keeps one pending event, for its
// head. Used for access links, the uncongested reverse path and the wire
// after a bottleneck queue.
//
// Memory: a fast bottleneck with thousands of long-RTT flows keeps hundreds
// of thousands of packets in pipes, far more than the caches hold. The pipe
// therefore keeps its packets' exit times in its own ring, next to the
// packet pointers, so deciding when the next packet leaves never reads a
// packet; and it prefetches the packets that leave next, so forwarding one
// rarely waits on memory.
//
// With thousands of flows, a flow's own pipe usually lets one packet out per
// event, long after its last visit, so every line it touches is cold. The
// pipe object therefore also holds the packet its pending event is for, and
// each packet carries the hop it exits to (Packet::pipe_exit, looked up on
// entry): the exit then waits on the pipe and the packet only, and the ring
// line for the next exit time loads alongside.
#pragma once

#include <cstdint>
#include <memory>

#include "net/packet.h"
#include "sim/event_loop.h"

namespace aqmlab {

class Pipe final : public PacketReceiver {
 public:
  // A pipe fed by exactly one FIFO upstream pipe (a flow's own access link
  // behind a shared reverse link) can take packets ahead of time: its
  // arrivals come in order, so the upstream hands each packet over on entry
  // with its arrival time, and the whole chain costs one event per packet.
  enum class Feeding { kAny, kSingleFeeder };

  // rate_bps == 0 means no serialisation (a pure delay line).
  Pipe(EventLoop& loop, double rate_bps, Time delay, Feeding feeding = Feeding::kAny)
      : PacketReceiver(feeding == Feeding::kSingleFeeder), loop_(loop), rate_(rate_bps), delay_(delay) {}

  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag) override;

  void set_delay(Time d) { delay_ = d; }
  // Packets already in keep their exit times; later ones queue behind them.
  void set_rate(double bps) { rate_.set_bps(bps); }
  Time delay() const { return delay_; }
  int64_t in_flight() const { return size_; }

 private:
  struct Slot {
    int64_t due_ns;  // exit time
    Packet* packet;
  };
  void Accept(Packet* p, Time arrival);
  void Grow();
  void ScheduleHead();
  Packet* PopHead();
  const Slot& at(uint32_t i) const { return ring_[(head_ + i) & mask_]; }

  EventLoop& loop_;
  BitsPerSecond rate_;
  Time delay_;
  Time busy_until_;
  // Packets in exit order: ring_[head_], ..., size_ of them; capacity mask_ + 1.
  std::unique_ptr<Slot[]> ring_;
  uint32_t mask_ = 0;
  uint32_t head_ = 0;
  uint32_t size_ = 0;
  bool scheduled_ = false;
  Packet* head_packet_ = nullptr;  // ring_[head_].packet while an event is pending
  PacketReceiver* last_exit_ = nullptr;  // where the last packet in will exit to
};

}  // namespace aqmlab
