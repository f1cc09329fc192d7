// The segments a TCP receiver holds above its cumulative point, as runs of
// consecutive ones: sorted, apart (a gap between any two), and as many as
// the holes below them, far fewer than the segments. The runs are what
// SACK blocks report.
//
// Where the runs change decides the layout. New data lands above every run
// (it extends the last run or starts a new one); a filled hole at the bottom
// releases the first run; and while a lost retransmission waits for its
// timeout, the resent segments fill the holes above it one after another,
// upwards, each fill joining two runs in the middle of hundreds or
// thousands. A sorted array shifts everything above a join (with BBR on a
// shallow buffer, 8% of a run's instructions went to those shifts); a tree
// of runs measured slower than the array. So the array keeps a gap (free
// slots) where the last change in the middle was: a join there closes up
// into the gap, and the next join a few runs further up moves the gap by
// those few runs. The top and the bottom are reached without moving it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "net/packet.h"

namespace aqmlab {

class SegmentRuns {
 public:
  bool empty() const { return head_ == gap_ && gap_end_ == runs_.size(); }
  void Clear() {
    runs_.clear();
    head_ = gap_ = gap_end_ = 0;
  }
  const SackBlock& Front() const { return head_ < gap_ ? runs_[head_] : runs_[gap_end_]; }
  const SackBlock& Back() const { return gap_end_ < runs_.size() ? runs_.back() : runs_[gap_ - 1]; }
  // Releases the first run (the cumulative point reached it).
  void PopFront();
  // Files segment `seq` and returns the run holding it; *duplicate tells
  // whether it was held already (nothing changes then).
  const SackBlock& Add(int64_t seq, bool* duplicate);

 private:
  // Moves the gap to just below the first run starting above `seq`.
  void MoveGapTo(int64_t seq);
  // A join that adds a run needs a free slot in the gap.
  void WidenGap();

  // Live runs: [head_, gap_) then [gap_end_, size); [gap_, gap_end_) is free.
  std::vector<SackBlock> runs_;
  size_t head_ = 0;
  size_t gap_ = 0;
  size_t gap_end_ = 0;
};

inline void SegmentRuns::PopFront() {
  if (head_ < gap_) {
    ++head_;
  } else {
    ++gap_end_;
  }
  if (empty()) {
    Clear();
  } else if (head_ >= 64 && 2 * head_ >= runs_.size()) {
    // Released runs are dropped in bulk, so each is moved at most once.
    runs_.erase(runs_.begin(), runs_.begin() + static_cast<std::ptrdiff_t>(head_));
    gap_ -= head_;
    gap_end_ -= head_;
    head_ = 0;
  }
}

inline const SackBlock& SegmentRuns::Add(int64_t seq, bool* duplicate) {
  *duplicate = false;
  if (empty()) {
    Clear();
    runs_.push_back({seq, seq + 1});
    gap_ = gap_end_ = 0;  // the run is in the upper part: the gap is empty, below it
    return runs_.back();
  }
  // Above every run: the last one grows, or a new one starts after it.
  SackBlock& last = gap_end_ < runs_.size() ? runs_.back() : runs_[gap_ - 1];
  if (seq >= last.start) {
    if (seq < last.end) {
      *duplicate = true;
    } else if (seq == last.end) {
      ++last.end;
    } else {
      runs_.push_back({seq, seq + 1});
      return runs_.back();
    }
    return last;
  }
  MoveGapTo(seq);
  const bool has_prev = gap_ > head_;
  const bool has_next = gap_end_ < runs_.size();  // always: seq is below the last run's start
  if (has_prev && seq < runs_[gap_ - 1].end) {
    *duplicate = true;
    return runs_[gap_ - 1];
  }
  const bool joins_prev = has_prev && runs_[gap_ - 1].end == seq;
  const bool joins_next = has_next && runs_[gap_end_].start == seq + 1;
  if (joins_prev && joins_next) {
    runs_[gap_ - 1].end = runs_[gap_end_].end;
    ++gap_end_;
    return runs_[gap_ - 1];
  }
  if (joins_prev) {
    runs_[gap_ - 1].end = seq + 1;
    return runs_[gap_ - 1];
  }
  if (joins_next) {
    runs_[gap_end_].start = seq;
    return runs_[gap_end_];
  }
  if (gap_ == gap_end_) WidenGap();
  runs_[gap_] = {seq, seq + 1};
  return runs_[gap_++];
}

inline void SegmentRuns::MoveGapTo(int64_t seq) {
  const auto before = [](int64_t s, const SackBlock& r) { return s < r.start; };
  const auto base = runs_.begin();
  if (gap_ > head_ && seq < runs_[gap_ - 1].start) {
    // Down: the runs from the first starting above seq to the gap move up.
    const size_t p = static_cast<size_t>(
        std::upper_bound(base + static_cast<std::ptrdiff_t>(head_), base + static_cast<std::ptrdiff_t>(gap_), seq,
                         before) -
        base);
    std::move_backward(base + static_cast<std::ptrdiff_t>(p), base + static_cast<std::ptrdiff_t>(gap_),
                       base + static_cast<std::ptrdiff_t>(gap_end_));
    gap_end_ -= gap_ - p;
    gap_ = p;
  } else {
    // Up: the runs above the gap starting at or below seq move down.
    const size_t p = static_cast<size_t>(
        std::upper_bound(base + static_cast<std::ptrdiff_t>(gap_end_), runs_.end(), seq, before) - base);
    std::move(base + static_cast<std::ptrdiff_t>(gap_end_), base + static_cast<std::ptrdiff_t>(p),
              base + static_cast<std::ptrdiff_t>(gap_));
    gap_ += p - gap_end_;
    gap_end_ = p;
  }
}

inline void SegmentRuns::WidenGap() {
  // A quarter of the runs (at least 8) as free slots: the shift of the runs
  // above it is then paid once per that many new runs in the middle.
  const size_t width = std::max<size_t>(8, (runs_.size() - head_) / 4);
  runs_.insert(runs_.begin() + static_cast<std::ptrdiff_t>(gap_), width, SackBlock{});
  gap_end_ += width;
}

}  // namespace aqmlab
