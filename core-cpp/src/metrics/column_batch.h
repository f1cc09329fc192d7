// The samples taken since the batch was last cleared, stored column-major in
// one buffer and written there directly: column c's rows start at
// c * stride, the stride being the capacity plus one cache line. The pad is
// there because capacities are powers of two: with a stride of 1024 rows
// (8 KiB) every column's current row fell in the same L1 cache set, and a
// row of 20-odd columns evicted itself as it was written (sampling every
// 1 ms cost twice as much). When the batch is read whole (Packed, the page's
// view), the columns are moved end to end within the same buffer, so a batch
// is copied once, by the reader.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace aqmlab {

class ColumnBatch {
 public:
  void SetColumns(size_t n) {
    columns_ = n;
    Clear();
  }
  size_t size() const { return columns_; }
  int64_t rows() const { return static_cast<int64_t>(rows_); }

  // Writes one row, column by column in column order: each Put is one store
  // into the next column.
  class RowWriter {
   public:
    RowWriter(double* at, size_t stride) : at_(at), stride_(stride) {}
    void Put(double v) {
      *at_ = v;
      at_ += stride_;
    }

   private:
    double* at_;
    size_t stride_;
  };
  // A new row; Put a value in every column (size() of them) before the batch
  // is read.
  RowWriter AppendRow() {
    if (rows_ == capacity_) Grow();
    return RowWriter(data_.data() + rows_++, stride_);
  }

  std::span<const double> operator[](size_t column) const {
    return {data_.data() + column * stride_, rows_};
  }

  // Every column end to end (rows() values each).
  std::span<const double> Packed() {
    if (stride_ != rows_) {
      for (size_t c = 1; c < columns_; ++c) {
        std::memmove(data_.data() + c * rows_, data_.data() + c * stride_, rows_ * sizeof(double));
      }
      capacity_ = stride_ = rows_;  // the next row re-lays the columns out with room to grow
    }
    return {data_.data(), columns_ * rows_};
  }

  // Keeps the memory for the next batch.
  void Clear() {
    rows_ = 0;
    stride_ = columns_ ? data_.size() / columns_ : 0;
    capacity_ = stride_ > kPad ? stride_ - kPad : 0;
  }

 private:
  void Grow() {
    const size_t grown = capacity_ < 64 ? 64 : 2 * capacity_;
    std::vector<double> next(columns_ * (grown + kPad));
    // A batch that has no rows yet has no storage either: nothing to copy
    // (and memcpy from a null pointer is undefined even for zero bytes).
    for (size_t c = 0; rows_ > 0 && c < columns_; ++c) {
      std::memcpy(next.data() + c * (grown + kPad), data_.data() + c * stride_, rows_ * sizeof(double));
    }
    data_.swap(next);
    capacity_ = grown;
    stride_ = grown + kPad;
  }

  // One 64-byte cache line: with capacities of 64 * 2^k rows the stride is
  // an odd number of lines, so successive columns map to distinct sets.
  static constexpr size_t kPad = 8;

  size_t columns_ = 0;
  size_t rows_ = 0;
  size_t capacity_ = 0;  // rows each column has room for
  size_t stride_ = 0;    // doubles from one column's start to the next
  std::vector<double> data_;
};

}  // namespace aqmlab
