// Flow queueing shared by the FQ disciplines (RFC 8290 sec. 4, the shape
// Linux's sch_fq_codel and sch_fq_pie share): packets hashed by flow into
// buckets, each bucket a FIFO with a deficit and the state of the AQM law
// that judges it, and a deficit round robin over a list of new flows served
// before a list of old ones. The law's state is a template argument: FQ-CoDel
// keeps a codel::State per bucket, FQ-PIE a pie::State, so each composes its
// law instead of copying the scheduler. No clock and no RNG.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "net/packet.h"

namespace aqmlab::fq {

enum class ListId : uint8_t { kNone, kNew, kOld };

// One flow queue: its packets, its DRR deficit, its law's state.
template <class LawState>
struct Flow {
  PacketList queue;
  int64_t deficit = 0;
  LawState law;
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

// The bucket of a flow id: SplitMix64's finaliser over the id and the run's
// perturbation, the lab's stand-in for hashing the 5-tuple, so buckets can
// collide as in Linux.
uint32_t HashFlow(int32_t flow_id, uint64_t perturbation, uint32_t buckets);

template <class LawState>
class FlowQueues {
 public:
  using FlowT = Flow<LawState>;

  // Allocates `buckets` flow queues, each law state `initial`; every queue
  // must be empty.
  void Reset(uint32_t buckets, uint64_t perturbation, const LawState& initial = {}) {
    flows_.assign(buckets, FlowT{});
    for (FlowT& f : flows_) f.law = initial;
    new_.Reset(buckets);
    old_.Reset(buckets);
    perturbation_ = perturbation;
    current_ = 0;
    continuing_ = false;
  }
  uint32_t Classify(int32_t flow_id) const {
    return HashFlow(flow_id, perturbation_, static_cast<uint32_t>(flows_.size()));
  }

  // Enqueue (RFC 8290 sec. 4.1): a flow not in either list joins the new
  // list with a full quantum of deficit.
  void Store(Packet* p, int64_t quantum) {
    const uint32_t i = Classify(p->flow);
    FlowT& f = flows_[i];
    f.queue.PushBack(p);
    if (f.list == ListId::kNone) {
      f.list = ListId::kNew;
      f.deficit = quantum;
      new_.PushBack(i);
    }
  }

  // Dequeue (sec. 4.2): the next packet to judge, from the flow the DRR
  // selects; after a drop (`ContinueAfterDrop`), from the same flow.
  // `on_empty(law)` is told when a visited flow is found empty.
  template <class OnEmpty>
  Packet* Next(int64_t quantum, OnEmpty on_empty) {
    if (continuing_) {
      continuing_ = false;
      FlowT& f = flows_[current_];
      if (!f.queue.empty()) return f.queue.PopFront();
      // The law's loop found this flow empty (it has seen that already).
      RetireEmpty(f.list == ListId::kNew ? new_ : old_);
    }
    while (!new_.empty() || !old_.empty()) {
      FlowRing& list = !new_.empty() ? new_ : old_;
      const uint32_t i = list.front();
      FlowT& f = flows_[i];
      if (f.deficit <= 0) {
        f.deficit += quantum;
        list.PopFront();
        f.list = ListId::kOld;
        old_.PushBack(i);
        continue;
      }
      if (f.queue.empty()) {
        on_empty(f.law);
        RetireEmpty(list);
        continue;
      }
      current_ = i;
      return f.queue.PopFront();
    }
    return nullptr;
  }
  // The packet last returned by Next was dropped by a dequeue-time law:
  // RFC 8290 runs CoDel's dequeue loop on the same flow, so the next packet
  // comes from it.
  void ContinueAfterDrop() { continuing_ = true; }
  // The packet last returned by Next was sent: charge the flow's deficit.
  void ChargeSent(Bytes size) { flows_[current_].deficit -= size; }

  // Overflow (sec. 4.1): the head of the flow holding the most bytes,
  // counting `arrival` in its own flow; `arrival` itself if that flow holds
  // nothing else.
  Packet* Victim(Packet* arrival) {
    const uint32_t own = Classify(arrival->flow);
    uint32_t fattest = own;
    Bytes most = flows_[own].queue.bytes() + arrival->size;
    for (const FlowRing* list : {&new_, &old_}) {
      for (size_t k = 0; k < list->size(); ++k) {
        const uint32_t i = list->at(k);
        if (flows_[i].queue.bytes() > most) {
          most = flows_[i].queue.bytes();
          fattest = i;
        }
      }
    }
    if (flows_[fattest].queue.empty()) return arrival;
    return flows_[fattest].queue.PopFront();
  }

  // Moves every queued packet into `out` (flow by flow), emptying all queues.
  void DrainInto(PacketList& out) {
    for (FlowT& f : flows_) {
      while (!f.queue.empty()) out.PushBack(f.queue.PopFront());
    }
  }

  // A new bucket count: every queued packet is sorted again into fresh
  // buckets (laws back to `initial`), in the order DrainInto gives.
  void Rebucket(uint32_t buckets, int64_t quantum, const LawState& initial = {}) {
    PacketList waiting;
    DrainInto(waiting);
    Reset(buckets, perturbation_, initial);
    while (!waiting.empty()) Store(waiting.PopFront(), quantum);
  }

  // Calls `visit(flow)` for each flow on either list (new first).
  template <class Visit>
  void ForEachActive(Visit visit) const {
    for (const FlowRing* list : {&new_, &old_}) {
      for (size_t k = 0; k < list->size(); ++k) visit(flows_[list->at(k)]);
    }
  }

  // Packets in the longest flow queue: the per-queue view's largest flow.
  int64_t LargestFlowPackets() const {
    int64_t most = 0;
    ForEachActive([&most](const FlowT& f) { most = std::max(most, f.queue.size()); });
    return most;
  }

  FlowT& current() { return flows_[current_]; }
  FlowT& flow(uint32_t i) { return flows_[i]; }
  const FlowT& flow(uint32_t i) const { return flows_[i]; }
  uint32_t buckets() const { return static_cast<uint32_t>(flows_.size()); }
  size_t new_flows() const { return new_.size(); }
  size_t active_flows() const { return new_.size() + old_.size(); }

 private:
  // The flow at the head of `list` was found empty: a new flow moves to the
  // end of the old list (so it cannot jump the queue again at once), an old
  // one leaves the lists.
  void RetireEmpty(FlowRing& list) {
    const uint32_t i = list.front();
    list.PopFront();
    if (&list == &new_) {
      flows_[i].list = ListId::kOld;
      old_.PushBack(i);
    } else {
      flows_[i].list = ListId::kNone;
    }
  }

  std::vector<FlowT> flows_;
  FlowRing new_;
  FlowRing old_;
  uint64_t perturbation_ = 0;
  uint32_t current_ = 0;
  bool continuing_ = false;
};

}  // namespace aqmlab::fq
