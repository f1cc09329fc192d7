// A record per segment in flight, kept by sequence number modulo a power of
// two: the sender's send times (traffic/tcp.h) and its delivery-rate
// records (traffic/cc/delivery_rate.h). It grows when the segments to keep
// outspan it, and costs nothing until first used.
#pragma once

#include <cstdint>
#include <vector>

namespace aqmlab {

template <class T>
class SeqRing {
 public:
  bool empty() const { return slots_.empty(); }

  // Makes room for segments [lo, hi): grows to the next power of two that
  // holds them (at least 64), keeping their records; new slots hold `blank`.
  void Fit(int64_t lo, int64_t hi, const T& blank) {
    if (slots_.empty()) slots_.assign(64, blank);
    const int64_t span = hi - lo;
    if (span <= static_cast<int64_t>(slots_.size())) return;
    size_t size = slots_.size() * 2;
    while (static_cast<int64_t>(size) < span) size *= 2;
    std::vector<T> bigger(size, blank);
    for (int64_t s = lo; s < hi; ++s) bigger[Index(s, size)] = slots_[Index(s, slots_.size())];
    slots_.swap(bigger);
  }

  void swap(SeqRing& other) { slots_.swap(other.slots_); }

  T& operator[](int64_t seq) { return slots_[Index(seq, slots_.size())]; }
  const T& operator[](int64_t seq) const { return slots_[Index(seq, slots_.size())]; }

 private:
  static size_t Index(int64_t seq, size_t size) {
    return static_cast<size_t>(static_cast<uint64_t>(seq) & (size - 1));
  }
  std::vector<T> slots_;
};

}  // namespace aqmlab
