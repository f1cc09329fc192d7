// A packet, and the pool it comes from. Packets are linked intrusively so
// queues and pipes never allocate while the simulation runs.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <new>
#include <vector>

#include "sim/event_loop.h"
#include "sim/event_target.h"
#include "sim/large_block.h"
#include "sim/time.h"

namespace aqmlab {

class PacketReceiver;
struct Route;

enum PacketFlag : uint8_t {
  kFlagAck = 1 << 0,
  kFlagSack = 1 << 1,        // an ACK with SACK blocks (PacketPool::SackOf)
  kFlagEce = 1 << 3,         // ECN echo, on ACKs
  kFlagCwr = 1 << 4,         // congestion window reduced, on data
  kFlagRetransmit = 1 << 5,  // a copy of a segment sent before
};

// The IP header's ECN field (RFC 3168 sec. 5, with the bits' values): a
// classic sender sends ECT(0), a scalable one (L4S, RFC 9331) ECT(1); a queue
// turns either into CE instead of dropping.
enum class Ecn : uint8_t { kNotEct = 0, kEct1 = 1, kEct0 = 2, kCe = 3 };

// RFC 2018's SACK option as the lab's receiver fills it: up to four blocks
// (what 40 bytes of TCP options hold without timestamps), each the segments
// [start, end) it holds above the cumulative point, the block of the most
// recently arrived segment first.
struct SackBlock {
  int64_t start = 0;
  int64_t end = 0;
};
struct SackOption {
  static constexpr int kMaxBlocks = 4;
  std::array<SackBlock, kMaxBlocks> blocks{};
  int count = 0;
};

inline bool EcnCapable(Ecn e) { return e != Ecn::kNotEct; }

// Whether a queue treats the packet as L4S (RFC 9331 sec. 5.1): ECT(1), or CE,
// which may have been ECT(1) before a queue upstream marked it.
inline bool L4sCodepoint(Ecn e) { return e == Ecn::kEct1 || e == Ecn::kCe; }

// One cache line: with hundreds of thousands of packets in flight, a packet
// that straddles two lines costs two misses where one would do.
struct alignas(64) Packet {
  int32_t flow = 0;        // index of the flow in the simulation
  uint32_t epoch = 0;      // connection incarnation: late packets of an old one are discarded
  int64_t seq = 0;         // data: segment number; ACK: next segment expected
  int32_t size = 0;        // bytes (packet sizes are validated to far below 2^31)
  uint8_t flags = 0;
  uint8_t hop = 0;         // index into route->hops of the next hop
  int16_t traffic_class = 0;
  Ecn ecn = Ecn::kNotEct;
  // Which of its discipline's queues it waits in (AqmDescriptor::queues),
  // set by a discipline with several as it stores the packet, as Linux's
  // sch_dualpi2 keeps its classification in the skb's control block.
  uint8_t queue = 0;
  // ACK without SACK: what the receiver holds above `seq` (the count of
  // SACK's blocks and their upper edge, without the blocks): segments held
  // (saturating), and one past the highest held, less seq (0: none held).
  // With kFlagSack, the index of its blocks in the pool instead: four
  // blocks do not fit in the cache line.
  uint16_t held = 0;
  union {
    int32_t held_span = 0;
    uint32_t sack_option;
  };
  Time enqueued_at;        // entry into the current queue, for sojourn times
  const Route* route = nullptr;
  Packet* next = nullptr;
  // While the packet is in a pipe: the hop it leaves to, looked up on entry
  // (when its route is in cache) so that the exit reads no route.
  PacketReceiver* pipe_exit = nullptr;

  bool has(PacketFlag f) const { return (flags & f) != 0; }
};
static_assert(sizeof(Packet) == 64, "a packet is one cache line");

// The hops of a route, held in the route itself: forwarding a packet then
// reads its route's line and the next hop, not a separately allocated array
// (with thousands of flows, that array is one more cache miss per hop).
// Each entry also says whether its hop takes packets ahead of time (see
// PacketReceiver::takes_ahead), in the pointer's lowest bit, so a pipe asks
// the route and not the next hop's own, often cold, line.
class HopList {
 public:
  // The longest route the topologies build is 5 hops (a finite transfer's
  // gate, an access link, two bottlenecks and the receiver).
  static constexpr size_t kMax = 8;
  HopList() = default;
  HopList(const std::vector<PacketReceiver*>& v) { Append(v); }
  HopList(std::initializer_list<PacketReceiver*> l) {
    for (PacketReceiver* r : l) push_back(r);
  }
  inline void push_back(PacketReceiver* r);
  void Append(const std::vector<PacketReceiver*>& v) {
    for (PacketReceiver* r : v) push_back(r);
  }
  PacketReceiver* operator[](size_t i) const {
    return reinterpret_cast<PacketReceiver*>(hops_[i] & ~kAheadBit);
  }
  // hops[i]->takes_ahead(), without reading hop i.
  bool takes_ahead(size_t i) const { return (hops_[i] & kAheadBit) != 0; }
  size_t size() const { return n_; }

 private:
  static constexpr uintptr_t kAheadBit = 1;
  std::array<uintptr_t, kMax> hops_{};
  uint8_t n_ = 0;
};

// The hops a packet visits, in order. Owned by the topology.
struct Route {
  HopList hops;
  // Which monitored queue counts these packets in their class's throughput
  // (the first congestible queue of a data route; the topology numbers
  // them), or kNoMeter for ACKs and requests.
  int8_t meter = 0;
  static constexpr int8_t kNoMeter = -1;
};

// Every receiver is also an event target. Pipes, queues and TCP ends are
// both, and with a single chain of bases they have one vtable: the loop's
// call of OnEvent lands in the class itself, where a second base would
// route it through a this-adjusting thunk (in wasm, one more call per
// event). Receivers that schedule nothing keep the empty OnEvent below.
class PacketReceiver : public EventTarget {
 public:
  virtual void Receive(Packet* p) = 0;
  void OnEvent(uint32_t) override {}
  // A pipe that takes packets from the pipe before it ahead of time, without
  // an event (see Pipe::Feeding). Fixed from construction, so a route can
  // copy it when the hop joins (HopList::takes_ahead).
  bool takes_ahead() const { return takes_ahead_; }

 protected:
  explicit PacketReceiver(bool takes_ahead = false) : takes_ahead_(takes_ahead) {}
  ~PacketReceiver() = default;

 private:
  bool takes_ahead_;
};

void HopList::push_back(PacketReceiver* r) {
  static_assert(alignof(PacketReceiver) > kAheadBit, "the low bit of a hop is free");
  if (n_ >= kMax) std::abort();  // a topology bug, never input-dependent
  hops_[n_++] = reinterpret_cast<uintptr_t>(r) | (r->takes_ahead() ? kAheadBit : 0);
}

// Hands the packet to the next hop of its route.
inline void Forward(Packet* p) { p->route->hops[p->hop++]->Receive(p); }

// A FIFO of packets linked through Packet::next.
class PacketList {
 public:
  bool empty() const { return head_ == nullptr; }
  Packet* front() const { return head_; }
  Packet* back() const { return tail_; }
  int64_t size() const { return size_; }
  Bytes bytes() const { return bytes_; }
  void PushBack(Packet* p) {
    p->next = nullptr;
    if (tail_) tail_->next = p; else head_ = p;
    tail_ = p;
    ++size_;
    bytes_ += p->size;
  }
  Packet* PopFront() {
    Packet* p = head_;
    head_ = p->next;
    if (!head_) tail_ = nullptr;
    p->next = nullptr;
    --size_;
    bytes_ -= p->size;
    return p;
  }

 private:
  Packet* head_ = nullptr;
  Packet* tail_ = nullptr;
  int64_t size_ = 0;
  Bytes bytes_ = 0;
};

// Packets come from chunks that grow from 1,024 packets (64 KiB, enough for a
// classroom run) to 32,768 (one 2 MiB huge page, see sim/large_block.h).
// Released packets are reused most recent first, while still in the cache;
// a chunk is handed out from its start, so memory never used is never touched.
//
// A valid scenario can hold packets without bound (an open-loop source
// faster than its access link queues there), so a pool may have a limit:
// growing past it stops the event loop, whose owner then ends the run with
// an error. The packet asked for is still given, so no caller sees a null.
class PacketPool {
 public:
  void set_limit(int64_t packets, EventLoop* loop) {
    limit_ = packets;
    stop_ = loop;
  }
  bool over_limit() const { return over_limit_; }
  int64_t limit() const { return limit_; }
  // Live packets per traffic class (classes outside [0, classes) are not
  // counted), found by walking the chunks: for the limit's error message.
  // Leaves the free packets' fields changed, so only for a run that ends.
  std::vector<int64_t> LiveByClass(size_t classes);
  Packet* Allocate() {
    Packet* p = free_;
    if (p) {
      free_ = p->next;
    } else {
      if (carve_ == carve_end_) Grow();
      p = carve_++;
    }
    new (p) Packet{};
    ++live_;
    return p;
  }
  void Release(Packet* p) {
    if (p->flags & kFlagSack) free_options_.push_back(p->sack_option);
    p->next = free_;
    free_ = p;
    --live_;
  }
  int64_t live() const { return live_; }
  int64_t capacity() const { return capacity_; }

  // Gives the ACK `p` these SACK blocks, kept here until it is released:
  // the slots are reused, so a run allocates only while the number of
  // ACKs in flight with blocks grows.
  void AttachSack(Packet* p, const SackOption& option) {
    uint32_t i;
    if (free_options_.empty()) {
      i = static_cast<uint32_t>(options_.size());
      options_.push_back(option);
    } else {
      i = free_options_.back();
      free_options_.pop_back();
      options_[i] = option;
    }
    p->sack_option = i;
    p->flags |= kFlagSack;
  }
  // The blocks of an ACK with kFlagSack.
  const SackOption& SackOf(const Packet& p) const { return options_[p.sack_option]; }

 private:
  static constexpr int64_t kFirstChunk = 1024;
  static constexpr int64_t kLargestChunk = LargeBlock::kHugePage / sizeof(Packet);
  void Grow() {
    const int64_t n = capacity_ == 0 ? kFirstChunk : std::min(capacity_, kLargestChunk);
    // Every packet is live when the pool grows (the free list is empty).
    if (capacity_ + n > limit_ && !over_limit_) {
      over_limit_ = true;
      if (stop_) stop_->Stop();
    }
    chunks_.emplace_back(static_cast<size_t>(n) * sizeof(Packet));
    carve_ = static_cast<Packet*>(chunks_.back().data());
    carve_end_ = carve_ + n;
    capacity_ += n;
  }
  std::vector<LargeBlock> chunks_;
  std::vector<SackOption> options_;
  std::vector<uint32_t> free_options_;
  Packet* free_ = nullptr;
  Packet* carve_ = nullptr;
  Packet* carve_end_ = nullptr;
  int64_t capacity_ = 0;
  int64_t live_ = 0;
  int64_t limit_ = INT64_MAX;
  EventLoop* stop_ = nullptr;
  bool over_limit_ = false;
};

inline std::vector<int64_t> PacketPool::LiveByClass(size_t classes) {
  constexpr int32_t kFree = -1;  // sizes are validated positive
  for (Packet* p = free_; p; p = p->next) p->size = kFree;
  std::vector<int64_t> out(classes, 0);
  int64_t before = 0;  // packets in the chunks before this one (Grow's sizes)
  for (const LargeBlock& chunk : chunks_) {
    const Packet* first = static_cast<const Packet*>(chunk.data());
    const bool last = &chunk == &chunks_.back();
    const int64_t n = last ? carve_ - first : (before == 0 ? kFirstChunk : std::min(before, kLargestChunk));
    before += n;
    for (int64_t i = 0; i < n; ++i) {
      const Packet& p = first[i];
      if (p.size != kFree && p.traffic_class >= 0 && static_cast<size_t>(p.traffic_class) < classes) {
        ++out[p.traffic_class];
      }
    }
  }
  return out;
}

}  // namespace aqmlab
