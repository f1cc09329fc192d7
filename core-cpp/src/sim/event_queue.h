// The pending events of the loop: a monotone priority queue keyed by time,
// taking events out in (time, order of insertion) order.
//
// It is a radix heap with 8-bit digits. Times are compared with `floor_`, the
// time of the last event taken out (no event may be inserted before it). An
// event whose time equals the floor waits in the `due_` list; any other event
// goes to level j, slot d, where j is the highest 8-bit digit in which its
// time differs from the floor and d is its own value of that digit. When
// `due_` runs dry, the lowest non-empty slot of the lowest non-empty level
// holds the earliest events: its minimum becomes the floor and its events move
// down to lower levels. An event moves at most eight times; in the lab's runs
// it is inserted about 1.5 times on average, and a slot holding a single event
// (the common case) hands it out at once. A 4-ary heap of 20,000 events
// instead costs about seven scattered levels of comparisons per event.
//
// Insertion order among equal times holds without sequence numbers: a slot is
// only ever filled by appends, and a slot being emptied sends its events, in
// order, into lower slots that are all empty at that moment, so every slot
// (and `due_`) lists its events in insertion order.
//
// Events live in one pool of nodes linked by index, reused through a free
// list, so memory follows the peak number of pending events and stays flat
// over a long run; moving an event between slots relinks it without copying.
#pragma once

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace aqmlab {

class EventTarget;

struct QueuedEvent {
  int64_t at;
  EventTarget* target;
  uint32_t tag;
};

class EventQueue {
 public:
  // `at` must be >= floor() (the loop clamps past times to now, which never
  // precedes the floor). The fields come as separate arguments so that, when
  // the call is not inlined, they travel in registers: a struct passed by
  // reference would go through memory (in wasm, through the shadow stack).
  void Push(int64_t at, EventTarget* target, uint32_t tag) {
    assert(at >= floor_);
    ++size_;
    uint32_t n = free_;
    if (n == kNil) {
      n = static_cast<uint32_t>(nodes_.size());
      nodes_.emplace_back();
    } else {
      free_ = nodes_[n].next;
    }
    nodes_[n].at = at;
    nodes_[n].target = target;
    nodes_[n].tag = tag;
    Insert(n);
  }
  // Takes out the earliest event (the first inserted among equal times) if its
  // time is <= limit. The floor only moves to a time that is taken out, so a
  // failed call leaves it where it was.
  // Inline, so that the loop's `out` lives in registers; the rarer refill of
  // `due_` from the slots is out of line.
  bool PopUpTo(int64_t limit, QueuedEvent* out) {
    if (due_.head == kNil && !Refill(limit)) return false;
    if (floor_ > limit) return false;
    const uint32_t n = due_.head;
    const Node& node = nodes_[n];
    *out = QueuedEvent{node.at, node.target, node.tag};
    due_.head = node.next;
    if (due_.head == kNil) due_.tail = kNil;
    Release(n);
    --size_;
    return true;
  }
  size_t size() const { return size_; }
  int64_t floor() const { return floor_; }
  // Nodes held (pending or free): the peak number of pending events.
  size_t nodes_allocated() const { return nodes_.size(); }

 private:
  static constexpr int kDigitBits = 8;
  static constexpr int kSlots = 1 << kDigitBits;
  static constexpr int kLevels = 64 / kDigitBits;
  static constexpr int kWords = kSlots / 64;
  static constexpr uint32_t kNil = UINT32_MAX;

  // 24 bytes (a QueuedEvent and a link would pad to 32).
  struct Node {
    int64_t at;
    EventTarget* target;
    uint32_t tag;
    uint32_t next;
  };
  struct List {
    uint32_t head = kNil;
    uint32_t tail = kNil;
  };

  void Append(List& l, uint32_t n) {
    nodes_[n].next = kNil;
    if (l.tail == kNil) {
      l.head = n;
    } else {
      nodes_[l.tail].next = n;
    }
    l.tail = n;
  }
  // Files node n under the floor: in `due_` or in its slot.
  void Insert(uint32_t n) {
    const uint64_t at = static_cast<uint64_t>(nodes_[n].at);
    const uint64_t diff = at ^ static_cast<uint64_t>(floor_);
    if (diff == 0) {
      Append(due_, n);
      return;
    }
    const int level = (63 - std::countl_zero(diff)) / kDigitBits;
    const int slot = static_cast<int>((at >> (level * kDigitBits)) & (kSlots - 1));
    List& l = slots_[level][slot];
    if (l.tail == kNil) {
      occupied_[level][slot >> 6] |= uint64_t{1} << (slot & 63);
      words_occupied_[level] |= 1u << (slot >> 6);
      levels_occupied_ |= 1u << level;
    }
    Append(l, n);
  }
  // Moves the earliest slot's events down, its minimum becoming the floor;
  // false (and nothing moved) if there are none or they are all after limit.
  bool Refill(int64_t limit);
  void Release(uint32_t n) {
    nodes_[n].next = free_;
    free_ = n;
  }

  int64_t floor_ = 0;
  size_t size_ = 0;
  std::vector<Node> nodes_;
  uint32_t free_ = kNil;
  List due_;  // events at exactly floor_, in order
  List slots_[kLevels][kSlots];
  uint64_t occupied_[kLevels][kWords] = {};  // one bit per non-empty slot
  uint32_t words_occupied_[kLevels] = {};    // one bit per non-zero word of occupied_
  uint32_t levels_occupied_ = 0;             // one bit per non-empty level
};

}  // namespace aqmlab
