// The receiver's runs of held segments against a plain set of segments:
// after every arrival the runs are exactly the set's maximal runs, the run
// returned holds the segment, and a duplicate is told as one. The arrival
// patterns are the ones the gap is for (holes filled upwards behind a hole
// that stays, new data above) and ones that move it far (fills downwards,
// at random).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "traffic/segment_runs.h"

namespace aqmlab {
namespace {

// The receiver's use: the cumulative point `expected`, the runs above it.
struct Receiver {
  SegmentRuns runs;
  std::set<int64_t> held;  // the reference
  int64_t expected = 0;
  int duplicates = 0;

  void Arrive(int64_t seq) {
    if (seq < expected) return;
    if (seq == expected) {
      ++expected;
      if (!runs.empty() && runs.Front().start == expected) {
        expected = runs.Front().end;
        runs.PopFront();
      }
      while (!held.empty() && *held.begin() < expected) held.erase(held.begin());
      return;
    }
    bool duplicate = false;
    const SackBlock run = runs.Add(seq, &duplicate);
    EXPECT_EQ(duplicate, held.count(seq) == 1) << "segment " << seq;
    duplicates += duplicate;
    held.insert(seq);
    EXPECT_LE(run.start, seq);
    EXPECT_GT(run.end, seq);
    // The run returned is the whole run around seq.
    EXPECT_TRUE(held.count(run.start) == 1 && held.count(run.start - 1) == 0) << "segment " << seq;
    EXPECT_TRUE(held.count(run.end - 1) == 1 && held.count(run.end) == 0) << "segment " << seq;
  }

  // Every run, front to back, taken out by PopFront as the receiver would.
  std::vector<SackBlock> Drain() {
    std::vector<SackBlock> out;
    while (!runs.empty()) {
      out.push_back(runs.Front());
      runs.PopFront();
    }
    return out;
  }
  std::vector<SackBlock> Expected() const {
    std::vector<SackBlock> out;
    for (const int64_t s : held) {
      if (!out.empty() && out.back().end == s) {
        ++out.back().end;
      } else {
        out.push_back({s, s + 1});
      }
    }
    return out;
  }
  void Check() {
    const std::vector<SackBlock> want = Expected();
    if (!want.empty()) {
      EXPECT_EQ(runs.Front().start, want.front().start);
      EXPECT_EQ(runs.Back().end, want.back().end);
    }
    const std::vector<SackBlock> got = Drain();
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].start, want[i].start) << "run " << i;
      EXPECT_EQ(got[i].end, want[i].end) << "run " << i;
    }
  }
};

// Every second segment of 0..4000 lost and segment 0's resend lost too:
// 2,000 runs; the resends then fill the holes upwards, each fill joining
// two runs in the middle, while new data goes on arriving above.
TEST(SegmentRuns, HolesFilledUpwardsBehindOneThatStays) {
  Receiver r;
  for (int64_t s = 1; s < 4000; s += 2) r.Arrive(s);
  EXPECT_EQ(r.Expected().size(), 2000u);
  int64_t top = 4000;
  for (int64_t hole = 2; hole < 4000; hole += 2) {
    r.Arrive(hole);
    r.Arrive(top++);
    if (hole % 512 == 0) {
      Receiver copy = r;
      copy.Check();
    }
  }
  // Everything above segment 0 is now one run.
  ASSERT_EQ(r.Expected().size(), 1u);
  r.Arrive(0);
  EXPECT_EQ(r.expected, top);
  EXPECT_TRUE(r.runs.empty());
}

TEST(SegmentRuns, HolesFilledDownwardsAndDuplicates) {
  Receiver r;
  for (int64_t s = 1; s < 3000; s += 3) r.Arrive(s);
  for (int64_t hole = 2999; hole > 0; --hole) r.Arrive(hole);  // the held ones arrive again
  EXPECT_EQ(r.duplicates, 1000);
  r.Check();
}

TEST(SegmentRuns, RandomArrivalsMatchTheSetOfSegments) {
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    std::mt19937 rng(seed);
    Receiver r;
    int64_t next = 0;
    for (int step = 0; step < 20000; ++step) {
      const uint32_t pick = rng() % 100;
      if (pick < 50) {
        if (rng() % 5 != 0) r.Arrive(next);  // new data, a fifth of it lost
        ++next;
      } else if (pick < 95) {
        // A resend of a segment at or above the cumulative point.
        const int64_t span = next - r.expected;
        if (span > 0) r.Arrive(r.expected + 1 + static_cast<int64_t>(rng() % static_cast<uint32_t>(span)));
      } else {
        r.Arrive(r.expected);  // the first hole filled
      }
      if (step % 4999 == 0) {
        Receiver copy = r;
        copy.Check();
      }
    }
    r.Check();
  }
}

}  // namespace
}  // namespace aqmlab
