// CAKE (Hoeiland-Joergensen, Taht & Morton, "Piece of CAKE: A
// Comprehensive Queue Management Solution for Home Gateways", IEEE LANMAN
// 2018; Linux's net/sched/sch_cake.c), one best-effort tin: flows hashed
// into 1024 queues by an 8-way set-associative table, DRR++ over a list of
// new (sparse) flows served before the bulk flows and a list of empty flows
// whose COBALT state is still decaying, COBALT (../cobalt) judging each
// queue's leaving packets, and the shaper's rate, from which the quantum,
// the effective target and the sojourn floor follow. No clock, no RNG: the
// queue adapter passes time and verdicts in.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "aqm/cobalt/cobalt_law.h"
#include "net/packet.h"

namespace aqmlab::cake {

constexpr uint32_t kQueues = 1024;  // CAKE_QUEUES
constexpr uint32_t kWays = 8;       // CAKE_SET_WAYS
constexpr Bytes kMtu = 1514;        // psched_mtu of an Ethernet device

struct Params {
  double bandwidth_mbps = 0;  // the shaper's rate; 0: unlimited (the link's rate)
  double target_ms = 5;       // COBALT's target
  double interval_ms = 100;   // COBALT's interval (tc's `rtt`)
};

// What the shaper's rate sets (cake_set_rate): the DRR++ quantum, one MTU's
// time at the rate, and COBALT's target and interval, raised so that a
// queue of 1.5 MTUs is never over target at a slow rate.
struct Tuning {
  double rate_bps = 0;   // 0: unlimited
  int64_t quantum = kMtu;
  Time mtu_time;         // zero when unlimited
  Time target;
  Time interval;
  // The sojourn must exceed this too to count as over target (egress mode:
  // four MTU times).
  Time Floor() const { return mtu_time * 4; }
  // COBALT's parameters with this tuning (Linux's cobalt has no BLUE
  // threshold: the one ns-3 added is set out of reach).
  cobalt::Params Cobalt() const;
};
Tuning Tune(const Params& p);

// A queue's membership (cake_flow.set): which count it is in.
enum class FlowSet : uint8_t { kNone, kSparse, kSparseWait, kBulk, kDecaying };
enum class Chain : uint8_t { kNone, kNew, kOld, kDecaying };

struct Flow {
  PacketList queue;
  int64_t deficit = 0;
  cobalt::State law;
  FlowSet set = FlowSet::kNone;
  Chain chain = Chain::kNone;
  uint32_t prev = 0, next = 0;  // links within its chain
};

// How an arrival found its queue (cake_hash).
enum class WayOutcome : uint8_t { kHit, kMiss, kCollision };
struct Placement {
  uint32_t queue;
  WayOutcome outcome;
};

struct Counts {
  int64_t sparse = 0, bulk = 0, decaying = 0;
  int64_t way_misses = 0, way_collisions = 0;
};

class FlowTable {
 public:
  void Reset(uint64_t perturbation);

  // The flow's 32-bit hash (the tag), then its queue: the queue its tag
  // already holds in its set of 8, else an empty queue of the set, else the
  // queue the hash points at, taken over from the flow that held it.
  uint32_t Tag(int32_t flow_id) const;
  Placement Lookup(int32_t flow_id) const;
  // Lookup, and the queue keeps the flow's tag.
  Placement Place(int32_t flow_id);

  // Enqueue: a flow at rest or decaying joins the new list as sparse with a
  // full quantum; a sparse flow waiting in the bulk rotation becomes bulk.
  void Store(Packet* p, int64_t quantum);

  // Dequeue (DRR++): the next packet to judge, from the first decaying flow
  // once per call (so their states keep decaying), then the new list, then
  // the bulk list; a flow out of deficit earns a quantum and goes to the
  // back of the bulk list; a flow found empty has COBALT told so, and waits
  // in the decaying list until its state is at rest. After
  // ContinueAfterDrop, from the same flow.
  Packet* Next(int64_t quantum, const cobalt::Params& cp, Time now);
  void ContinueAfterDrop() { continuing_ = true; }
  void ChargeSent(Bytes size) { flows_[current_].deficit -= size; }

  // The fattest queue in bytes, counting `arrival` in its own queue: its
  // head is removed and returned (the arrival itself when its queue holds
  // nothing else), and COBALT is told the queue was full (cake_drop).
  Packet* DropFromFattest(Packet* arrival, const cobalt::Params& cp, Time now);

  Flow& current() { return flows_[current_]; }
  const Flow& flow(uint32_t i) const { return flows_[i]; }
  const Counts& counts() const { return counts_; }
  int64_t active_flows() const { return counts_.sparse + counts_.bulk; }
  // Packets in the longest queue, and the largest BLUE probability of a
  // queue on any list.
  int64_t LargestFlowPackets() const;
  double LargestBlue() const;
  // The current queue's BLUE probability was `before` and may have moved:
  // COBALT's dequeue raises it past a sojourn threshold, which CAKE sets
  // out of reach (Tuning::Cobalt), but the largest must not rest on that.
  void NoteCurrentBlue(double before) { NoteBlue(current_, before); }
  // Every queued packet, queue by queue, into `out` (a hand-over).
  void DrainInto(PacketList& out);

 private:
  struct List {
    uint32_t head = 0, tail = 0, size = 0;
  };
  Placement LookupTag(uint32_t tag) const;
  List& ListOf(Chain c);
  void PushBack(Chain c, uint32_t i);
  void Remove(uint32_t i);
  void MoveTo(Chain c, uint32_t i) {
    Remove(i);
    PushBack(c, i);
  }
  void CountOut(FlowSet s);
  // The queue at the head of `c` was found empty.
  void Retire(uint32_t i, const cobalt::Params& cp, Time now);
  // Every queue's probability that may move is told here, so the largest
  // is known without walking the queues at each sample; only a fall of
  // the largest makes LargestBlue walk them.
  void NoteBlue(uint32_t i, double before) {
    const double p = flows_[i].law.blue.p;
    if (p >= blue_max_) {
      blue_max_ = p;
    } else if (before >= blue_max_) {
      blue_stale_ = true;
    }
  }

  std::vector<Flow> flows_;
  std::vector<uint32_t> tags_;
  std::array<List, 3> lists_{};  // new, old (bulk rotation), decaying
  uint64_t perturbation_ = 0;
  Counts counts_;
  uint32_t current_ = 0;
  bool continuing_ = false;
  // The largest BLUE probability of a listed queue, unless stale. A queue
  // leaves the lists only at rest (p = 0), so it is the largest of all.
  mutable double blue_max_ = 0;
  mutable bool blue_stale_ = false;
};

}  // namespace aqmlab::cake
