#include "sim/event_queue.h"

namespace aqmlab {

bool EventQueue::Refill(int64_t limit) {
  if (levels_occupied_ == 0) return false;
  const int level = std::countr_zero(levels_occupied_);
  const int w = std::countr_zero(words_occupied_[level]);
  uint64_t& word = occupied_[level][w];
  const int slot = w * 64 + std::countr_zero(word);
  List& l = slots_[level][slot];
  // A lone event (the common case when events are sparse) is the minimum:
  // any event at the same time would share its slot. Level 0 differs from
  // the floor only in the lowest digit, so its slots hold a single time.
  int64_t least = nodes_[l.head].at;
  if (level > 0 && l.head != l.tail) {
    for (uint32_t n = l.head; n != kNil; n = nodes_[n].next) {
      if (nodes_[n].at < least) least = nodes_[n].at;
    }
  }
  if (least > limit) return false;
  const List taken = l;
  l = List{};
  word &= ~(uint64_t{1} << (slot & 63));
  if (word == 0) {
    words_occupied_[level] &= ~(1u << w);
    if (words_occupied_[level] == 0) levels_occupied_ &= ~(1u << level);
  }
  floor_ = least;
  // A level-0 slot holds one time, and a lone event is at the new floor:
  // either way the list is `due_` as it stands (its last node already ends
  // it, and `due_` is empty whenever the loop refills).
  if (level == 0 || taken.head == taken.tail) {
    due_ = taken;
  } else {
    for (uint32_t n = taken.head; n != kNil;) {
      const uint32_t next = nodes_[n].next;
      Insert(n);
      n = next;
    }
  }
  return true;
}

}  // namespace aqmlab
