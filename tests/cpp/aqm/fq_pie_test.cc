// FQ-PIE (Linux's sch_fq_pie): PIE's law per flow queue (its own p, its own
// backlog for the two-packet rule), the shared deficit round robin and its
// byte shares, hashing into buckets and its collisions, the arrival refused
// at the packet limit, the memory limit that Linux only counts, the timer
// that skips flows at rest, and the base's accounting.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "aqm/fq_pie/fq_pie_law.h"
#include "aqm/fq_pie/fq_pie_queue.h"
#include "aqm_harness.h"
#include "test_util.h"

namespace aqmlab {
namespace {

// Flow ids that land in distinct buckets of a 1024-bucket table for seed 1.
std::vector<int32_t> DistinctFlows(int n) {
  std::vector<int32_t> out;
  std::set<uint32_t> used;
  for (int32_t id = 0; static_cast<int>(out.size()) < n; ++id) {
    if (used.insert(fq::HashFlow(id, 1, 1024)).second) out.push_back(id);
  }
  return out;
}

const fq_pie::Flow& FlowOf(testing::QueueHarness& h, int32_t id) {
  const auto& q = h.as<FqPieQueue>().queues();
  return q.flow(q.Classify(id));
}

// PIE's table rows come first, unchanged, then the flow queueing's; PIE's
// defaults are Linux's pie_params_init (RFC 8033's).
TEST(FqPieQueue, ParameterTableIsPiesPlusItsOwn) {
  const AqmDescriptor& d = FqPieQueue::Describe();
  ASSERT_EQ(d.params.size(), PieQueue::Describe().params.size() + 3);
  for (size_t i = 0; i < PieQueue::Describe().params.size(); ++i) {
    EXPECT_EQ(d.params[i].name, PieQueue::Describe().params[i].name);
  }
  testing::QueueHarness h("fq_pie", {{"flows", 64}, {"alpha", 0.25}});
  const fq_pie::Params& p = h.as<FqPieQueue>().params();
  EXPECT_EQ(p.flows, int64_t{64});
  EXPECT_EQ(p.alpha, 0.25);
  EXPECT_EQ(p.target_ms, 15);
  EXPECT_EQ(p.quantum, int64_t{1514});
  EXPECT_EQ(p.memory_limit, int64_t{32} << 20);
  EXPECT_FALSE(h.disc().SetParam("flows", 0).ok());
  EXPECT_EQ(h.as<FqPieQueue>().queues().buckets(), 64u);
}

// Hashing: every id lands in range, stably; 100 flows in 1024 buckets fill
// on average 1024 (1 - (1 - 1/1024)^100) = 95.3 buckets (about 4.7
// collisions), the birthday figure of a uniform hash. Averaged over 200
// unrelated perturbations, the lab's hash must give it within 0.5 (one run's
// count varies by about 2). (Consecutive perturbations would not do: the
// perturbation is added to the id, so seed s + 1 lays flow i where seed s
// laid flow i + 1, and their counts are not independent.)
TEST(FqPieFlows, HashCollisionsMatchAUniformHash) {
  double occupied = 0;
  for (uint64_t k = 1; k <= 200; ++k) {
    const uint64_t perturbation = k << 32;
    std::set<uint32_t> used;
    for (int32_t id = 0; id < 100; ++id) {
      const uint32_t b = fq::HashFlow(id, perturbation, 1024);
      ASSERT_LT(b, 1024u);
      ASSERT_EQ(b, fq::HashFlow(id, perturbation, 1024));
      used.insert(b);
    }
    occupied += static_cast<double>(used.size()) / 200;
  }
  EXPECT_NEAR(occupied, 1024 * (1 - std::pow(1 - 1.0 / 1024, 100)), 0.5);
}

// Colliding flows share one queue (and its PIE): with one bucket FQ-PIE is
// a FIFO; with many, a newcomer overtakes a backlog.
TEST(FqPieQueue, CollidingFlowsShareAQueue) {
  const auto f = DistinctFlows(2);
  testing::QueueHarness one("fq_pie", {{"flows", 1}});
  testing::QueueHarness many("fq_pie");
  for (testing::QueueHarness* h : {&one, &many}) {
    for (int i = 0; i < 5; ++i) h->Arrive(f[0]);
    h->Arrive(f[1]);
  }
  std::string a, b;
  for (int i = 0; i < 6; ++i) {
    a += one.Depart() == f[0] ? 'A' : 'B';
    b += many.Depart() == f[0] ? 'A' : 'B';
  }
  EXPECT_EQ(a, "AAAAAB");
  // A (new, 1514 B of deficit) sends 4 x 500 B, goes to the old list; B,
  // new, goes next; then A's second round.
  EXPECT_EQ(b, "AAAABA");
  one.ExpectBalanced();
  many.ExpectBalanced();
}

// Deficit round robin shares bytes, not packets: a flow of 500 B packets
// and one of 1500 B packets, both backlogged, each send within one quantum
// plus one packet of the other's bytes.
TEST(FqPieQueue, DrrSharesBytesByQuantum) {
  const auto f = DistinctFlows(2);
  testing::QueueHarness h("fq_pie", {{"max_burst_ms", 0}}, 4000);
  const auto bytes = h.DrrBytes(f[0], f[1], 1000);
  EXPECT_LE(std::llabs(bytes[0] - bytes[1]), 1514 + 1500);
  EXPECT_GT(bytes[0], 300000);
  h.ExpectBalanced();
}

// PIE is per flow: a bulk flow holding a standing queue has its p raised by
// the timer; a sparse flow's p stays 0, so it is never dropped, and its
// packets wait behind no bulk packet.
TEST(FqPieQueue, PieActsPerFlowSoASparseFlowIsNeverDropped) {
  const auto f = DistinctFlows(2);
  const int32_t bulk = f[0], sparse = f[1];
  testing::QueueHarness h("fq_pie", {}, 1000);
  int sent = 0, delivered = 0;
  for (int k = 1; k <= 50000; ++k) {  // 20 s of 0.4 ms slots
    // Up to 60 ms of queue (a few tries: PIE drops many of the bulk's arrivals).
    for (int n = 0; n < 4 && h.disc().packets() < 150; ++n) h.Arrive(bulk);
    if (k % 50 == 0) {
      h.Arrive(sparse);
      ++sent;
    }
    h.At(Time::Micros(400.0 * k));
    delivered += h.Depart() == sparse ? 1 : 0;
  }
  EXPECT_GT(FlowOf(h, bulk).law.p, 0.05);
  EXPECT_EQ(FlowOf(h, sparse).law.p, 0.0);
  EXPECT_EQ(delivered, sent);
  EXPECT_GT(h.disc().counters().drops_of(DropReason::kEarly), 100);
  EXPECT_EQ(h.disc().probability(), FlowOf(h, bulk).law.p);  // the largest flow p
  h.ExpectBalanced();
}

// At the packet limit Linux's fq_pie refuses the arrival (FQ-CoDel would
// drop the fattest flow's head).
TEST(FqPieQueue, FullBufferRefusesTheArrival) {
  const auto f = DistinctFlows(3);
  testing::QueueHarness h("fq_pie", {}, 10);
  for (int i = 0; i < 8; ++i) h.Arrive(f[0]);
  for (int i = 0; i < 2; ++i) h.Arrive(f[1]);
  EXPECT_FALSE(h.Arrive(f[2]));
  EXPECT_EQ(h.disc().counters().drops_of(DropReason::kOverflow), 1);
  EXPECT_EQ(FlowOf(h, f[0]).queue.size(), 8);
  h.ExpectBalanced();
}

// The memory limit as Linux's fq_pie has it: an arrival finding more than
// limit + its own size queued is counted as over memory, and not dropped.
// 500 B packets, limit 3000 B: the k-th arrival finds 500 (k - 1) B, over
// 3500 from k = 9 on, so 10 arrivals count 2.
TEST(FqPieQueue, MemoryLimitCountsAndDoesNotDrop) {
  testing::QueueHarness h("fq_pie", {{"memory_limit", 3000}});
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(h.Arrive(0));
  EXPECT_EQ(h.as<FqPieQueue>().over_memory(), 2);
  EXPECT_EQ(h.Signals()[3], 2.0);
  EXPECT_EQ(h.disc().counters().drops_total(), 0);
  h.ExpectBalanced();
}

// A flow at rest (p 0, no delay, a full burst allowance) is a fixed point of
// PIE's update, so the timer may skip it; a flow one step from rest is
// updated and reaches rest.
TEST(FqPieLaw, RestIsAFixedPointOfTheUpdate) {
  const fq_pie::Params p;
  pie::State s = pie::Initial(p.Pie());
  ASSERT_TRUE(fq_pie::AtRest(p, s));
  pie::State updated = s;
  pie::Update(p.Pie(), updated);
  EXPECT_EQ(updated.p, s.p);
  EXPECT_EQ(updated.burst_allowance, s.burst_allowance);
  EXPECT_EQ(updated.qdelay_old, s.qdelay_old);

  fq_pie::FlowQueues q;
  q.Reset(4, 1, pie::Initial(p.Pie()));
  q.flow(2).law.p = 0.001;
  EXPECT_FALSE(fq_pie::AtRest(p, q.flow(2).law));
  const double max_p = fq_pie::UpdateAll(p, q);
  pie::State alone = pie::Initial(p.Pie());
  alone.p = 0.001;
  pie::Update(p.Pie(), alone);
  EXPECT_EQ(q.flow(2).law.p, alone.p);
  EXPECT_EQ(max_p, alone.p);
}

TEST(FqPieQueue, BaseCountsEveryPacketAndIsDeterministic) {
  auto run = [] {
    testing::QueueHarness h("fq_pie", {}, 200, true);
    RandomStream rng(7, StreamPurpose::kTraffic, 0);
    std::vector<int32_t> out;
    for (int k = 1; k <= 40000; ++k) {
      h.At(Time::Micros(100.0 * k));
      for (int n = static_cast<int>(rng.Uniform() * 2.2); n > 0; --n) {
        h.Arrive(static_cast<int32_t>(rng.Uniform() * 5), 500, rng.Uniform() < 0.5);
      }
      if (k % 2 == 0) out.push_back(h.Depart());
      EXPECT_GE(h.disc().probability(), 0.0);
      EXPECT_LE(h.disc().probability(), 1.0);
    }
    const auto& q = h.as<FqPieQueue>().queues();
    int64_t stored = 0;
    for (uint32_t i = 0; i < q.buckets(); ++i) stored += q.flow(i).queue.size();
    EXPECT_EQ(stored, h.disc().packets());
    EXPECT_GT(h.disc().counters().drops_of(DropReason::kOverflow), 0);
    EXPECT_GT(h.disc().counters().drops_of(DropReason::kEarly), 0);
    EXPECT_GT(h.disc().counters().marks, 0);
    h.ExpectBalanced();
    return out;
  };
  EXPECT_EQ(run(), run());
}

TEST(FqPieQueue, ChangingTheBucketCountResortsQueuedPackets) {
  testing::QueueHarness h("fq_pie");
  for (int32_t f = 0; f < 20; ++f) {
    for (int i = 0; i < 3; ++i) h.Arrive(f);
  }
  ASSERT_TRUE(h.disc().SetParam("flows", 1).ok());
  EXPECT_EQ(h.as<FqPieQueue>().queues().flow(0).queue.size(), 60);
  int out = 0;
  while (h.Depart() >= 0) ++out;
  EXPECT_EQ(out, 60);
  h.ExpectBalanced();
}

}  // namespace
}  // namespace aqmlab
