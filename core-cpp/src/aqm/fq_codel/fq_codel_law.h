// FQ-CoDel's flow queues and scheduler (RFC 8290, Hoeiland-Joergensen,
// McKenney, Taht, Gettys & Dumazet 2018): packets hashed by flow into
// buckets, a deficit round robin over the lists of new and old flows, and
// CoDel's law (../codel) run on each flow queue with its own state. No
// clock, no RNG: the queue adapter passes time and verdicts in.
#pragma once

#include <cstdint>
#include <vector>

#include "aqm/codel/codel_law.h"
#include "net/packet.h"

namespace aqmlab::fq_codel {

struct Params {
  double target_ms = 5;      // CoDel's target, per flow queue
  double interval_ms = 100;  // CoDel's interval
  int64_t quantum = 1514;    // bytes a flow may send per round (one Ethernet MTU)
  int64_t flows = 1024;      // hash buckets (flow queues)

  codel::Params Codel() const { return {target_ms, interval_ms}; }
};

enum class ListId : uint8_t { kNone, kNew, kOld };

// One flow queue: its packets, its DRR deficit, its CoDel state.
struct Flow {
  PacketList queue;
  int64_t deficit = 0;
  codel::State codel;
  ListId list = ListId::kNone;
};

// A FIFO of flow indices with room for every bucket: a flow is in at most
// one list, so it never overflows and never allocates after Reset.
class FlowRing {
 public:
  void Reset(size_t capacity);
  bool empty() const { return count_ == 0; }
  size_t size() const { return count_; }
  uint32_t front() const { return slots_[head_]; }
  uint32_t at(size_t i) const { return slots_[(head_ + i) % slots_.size()]; }
  void PushBack(uint32_t flow);
  void PopFront();

 private:
  std::vector<uint32_t> slots_;
  size_t head_ = 0;
  size_t count_ = 0;
};

class FlowQueues {
 public:
  // Allocates `buckets` flow queues; every queue must be empty.
  void Reset(uint32_t buckets, uint64_t perturbation);
  uint32_t Classify(int32_t flow_id) const;

  // Enqueue (RFC 8290 sec. 4.1): a flow not in either list joins the new
  // list with a full quantum of deficit.
  void Store(Packet* p, int64_t quantum);

  // Dequeue (sec. 4.2): the next packet to judge, from the flow the DRR
  // selects; after a drop (`ContinueAfterDrop`), from the same flow.
  Packet* Next(int64_t quantum);
  // The packet last returned by Next was dropped by CoDel: RFC 8290 runs
  // CoDel's dequeue loop on the same flow, so the next packet comes from it.
  void ContinueAfterDrop() { continuing_ = true; }
  // The packet last returned by Next was sent: charge the flow's deficit.
  void ChargeSent(Bytes size) { flows_[current_].deficit -= size; }

  // Overflow (sec. 4.1): the head of the flow holding the most bytes,
  // counting `arrival` in its own flow; `arrival` itself if that flow holds
  // nothing else.
  Packet* Victim(Packet* arrival);

  // Moves every queued packet into `out` (flow by flow), emptying all queues.
  void DrainInto(PacketList& out);

  Flow& current() { return flows_[current_]; }
  const Flow& flow(uint32_t i) const { return flows_[i]; }
  uint32_t buckets() const { return static_cast<uint32_t>(flows_.size()); }
  size_t new_flows() const { return new_.size(); }
  size_t active_flows() const { return new_.size() + old_.size(); }

 private:
  // The flow at the head of `list` was found empty: a new flow moves to the
  // end of the old list (so it cannot jump the queue again at once), an old
  // one leaves the lists.
  void RetireEmpty(FlowRing& list);

  std::vector<Flow> flows_;
  FlowRing new_;
  FlowRing old_;
  uint64_t perturbation_ = 0;
  uint32_t current_ = 0;
  bool continuing_ = false;
};

}  // namespace aqmlab::fq_codel
