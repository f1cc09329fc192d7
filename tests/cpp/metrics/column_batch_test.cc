// The sampler's batch: written column-major in place, read per column or
// packed end to end, and reused after Clear.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "metrics/column_batch.h"

namespace aqmlab {
namespace {

void AddRows(ColumnBatch& b, int from, int to) {
  for (int r = from; r < to; ++r) {
    ColumnBatch::RowWriter row = b.AppendRow();
    for (size_t c = 0; c < b.size(); ++c) row.Put(1000.0 * static_cast<double>(c) + r);
  }
}

TEST(ColumnBatch, GrowsKeepingEveryColumnAndPacksInPlace) {
  ColumnBatch b;
  b.SetColumns(3);
  AddRows(b, 0, 150);  // past the first two capacities (64, 128)
  ASSERT_EQ(b.rows(), 150);
  for (size_t c = 0; c < 3; ++c) {
    ASSERT_EQ(b[c].size(), 150u);
    EXPECT_EQ(b[c][0], 1000.0 * static_cast<double>(c));
    EXPECT_EQ(b[c][149], 1000.0 * static_cast<double>(c) + 149);
  }
  const std::span<const double> packed = b.Packed();
  ASSERT_EQ(packed.size(), 450u);
  for (size_t c = 0; c < 3; ++c) {
    for (int r = 0; r < 150; ++r) EXPECT_EQ(packed[c * 150 + r], 1000.0 * static_cast<double>(c) + r);
  }
  // Rows added after a packed read land after the ones read.
  AddRows(b, 150, 160);
  EXPECT_EQ(b[2][159], 2159.0);
  EXPECT_EQ(b[2][0], 2000.0);
  // Cleared: the next batch starts empty, in the same memory.
  const double* before = b[0].data();
  b.Clear();
  EXPECT_EQ(b.rows(), 0);
  AddRows(b, 0, 5);
  EXPECT_EQ(b[0].data(), before);
  EXPECT_EQ(b[1][4], 1004.0);
  const std::span<const double> again = b.Packed();
  ASSERT_EQ(again.size(), 15u);
  EXPECT_EQ(again[5], 1000.0);
  EXPECT_EQ(again[14], 2004.0);
}

// Columns a power of two of rows long would sit a multiple of 4 KiB apart,
// so one row's values would all fall in one L1 set; the batch pads them.
TEST(ColumnBatch, ColumnsAreNotAPageMultipleApart) {
  ColumnBatch b;
  b.SetColumns(20);
  AddRows(b, 0, 1000);  // capacity 1024
  const auto gap = reinterpret_cast<uintptr_t>(b[1].data()) - reinterpret_cast<uintptr_t>(b[0].data());
  EXPECT_GE(gap, 1024 * sizeof(double));
  EXPECT_NE(gap % 4096, 0u);
}

}  // namespace
}  // namespace aqmlab
