// CAKE (Linux's sch_cake, one best-effort tin): the set-associative hash and
// its collisions, DRR++'s sparse and bulk transitions and its byte shares,
// COBALT judging each queue on its own, the drop from the fattest queue at
// the limit, ECN, and the tuning a shaper rate sets. The shaper's output
// rate is in cake_shaper_test.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <vector>

#include "aqm/cake/cake_law.h"
#include "aqm/cake/cake_queue.h"
#include "aqm_harness.h"

namespace aqmlab {
namespace {

using cake::FlowSet;
using cake::WayOutcome;

Time Ms(double ms) { return Time::Millis(ms); }

// A table as the harness's queue builds it (perturbation = seed 1).
cake::FlowTable Table() {
  cake::FlowTable t;
  t.Reset(1);
  return t;
}

// `n` flow ids whose tags fall in the same set of 8 queues; the first two
// also share their reduced hash (the queue the tag points at).
std::vector<int32_t> SameSet(int n) {
  const cake::FlowTable t = Table();
  std::map<uint32_t, std::vector<int32_t>> by_queue;
  for (int32_t id = 0;; ++id) {
    by_queue[t.Tag(id) % cake::kQueues].push_back(id);
    for (const auto& [queue, ids] : by_queue) {
      if (ids.size() < 2) continue;
      std::vector<int32_t> out = {ids[0], ids[1]};
      for (int32_t other = 0; static_cast<int>(out.size()) < n; ++other) {
        const uint32_t q = t.Tag(other) % cake::kQueues;
        if (q / cake::kWays == queue / cake::kWays && q != queue) out.push_back(other);
      }
      return out;
    }
  }
}

// Flow ids whose tags lie in different sets (so each has its own queue).
std::vector<int32_t> Apart(int n) {
  const cake::FlowTable t = Table();
  std::vector<int32_t> out;
  std::set<uint32_t> sets;
  for (int32_t id = 0; static_cast<int>(out.size()) < n; ++id) {
    if (sets.insert(t.Tag(id) % cake::kQueues / cake::kWays).second) out.push_back(id);
  }
  return out;
}

const cake::Flow& FlowOf(testing::QueueHarness& h, int32_t id) {
  const cake::FlowTable& t = h.as<CakeQueue>().table();
  return t.flow(t.Lookup(id).queue);
}

// cake_set_rate's numbers. Unlimited: quantum one MTU (1514 B), COBALT as
// given, no floor. At 1 Mb/s (125000 B/s): quantum max(125000 >> 12 = 30,
// 300) = 300; one MTU takes 1514 / 125000 s = 12.112 ms; the target rises to
// 1.5 MTU times, 18.168 ms; the interval to 100 + 18.168 - 5 = 113.168 ms;
// the floor is 4 MTU times, 48.448 ms. At 8 Mb/s the quantum is 300
// (1e6 >> 12 = 244) and 5 ms stays (2.271 ms < 5); at 100 Mb/s it is one
// MTU (12.5e6 >> 12 = 3051, capped at 1514).
TEST(CakeTuning, RateSetsQuantumTargetIntervalAndFloor) {
  const cake::Tuning unlimited = cake::Tune({});
  EXPECT_EQ(unlimited.quantum, 1514);
  EXPECT_EQ(unlimited.target, Ms(5));
  EXPECT_EQ(unlimited.interval, Ms(100));
  EXPECT_EQ(unlimited.Floor(), Time());
  EXPECT_EQ(unlimited.rate_bps, 0);

  const cake::Tuning slow = cake::Tune({1, 5, 100});
  EXPECT_EQ(slow.quantum, 300);
  EXPECT_EQ(slow.mtu_time, Time::Micros(12112));
  EXPECT_EQ(slow.target, Time::Micros(18168));
  EXPECT_EQ(slow.interval, Time::Micros(113168));
  EXPECT_EQ(slow.Floor(), Time::Micros(48448));
  EXPECT_DOUBLE_EQ(slow.Cobalt().target_ms, 18.168);

  const cake::Tuning eight = cake::Tune({8, 5, 100});
  EXPECT_EQ(eight.quantum, 300);
  EXPECT_EQ(eight.target, Ms(5));
  EXPECT_EQ(eight.interval, Ms(100));
  EXPECT_EQ(cake::Tune({100, 5, 100}).quantum, 1514);
}

// The 8-way set: two flows whose hashes point at the same queue get two
// queues (the first that queue, the second the next free way: each a way
// miss, a free queue taken), six more fill the set,
// and a ninth, with all eight busy, takes over the queue its hash points
// at (a collision). A flow coming back finds its queue by its tag.
TEST(CakeHash, EightWaysThenACollision) {
  const std::vector<int32_t> ids = SameSet(9);
  cake::FlowTable t = Table();
  PacketPool pool;
  std::set<uint32_t> queues;
  std::vector<uint32_t> at;
  for (int k = 0; k < 9; ++k) {
    Packet* p = pool.Allocate();
    p->flow = ids[k];
    p->size = 500;
    at.push_back(t.Lookup(ids[k]).queue);
    if (k < 8) EXPECT_NE(t.Lookup(ids[k]).outcome, WayOutcome::kCollision) << k;
    t.Store(p, 1514);
    queues.insert(at.back());
  }
  const uint32_t home = t.Tag(ids[0]) % cake::kQueues;
  EXPECT_EQ(at[0], home);
  EXPECT_EQ(t.Tag(ids[1]) % cake::kQueues, home);
  EXPECT_NE(at[1], home);
  EXPECT_EQ(at[1] / cake::kWays, home / cake::kWays);
  EXPECT_EQ(queues.size(), 8u);  // the ninth shares a queue
  EXPECT_EQ(t.counts().way_misses, 8);  // a free queue taken counts as a miss
  EXPECT_EQ(t.counts().way_collisions, 1);
  EXPECT_EQ(at[8], t.Tag(ids[8]) % cake::kQueues);
  EXPECT_EQ(t.flow(at[8]).queue.size(), 2);
  // The queue now carries the ninth flow's tag: the flow that held it is
  // placed there again only by the same rule (a collision), not by its tag.
  const cake::Placement again = t.Lookup(ids[8]);
  EXPECT_EQ(again.queue, at[8]);
  EXPECT_EQ(again.outcome, WayOutcome::kHit);
  PacketList all;
  t.DrainInto(all);
  while (!all.empty()) pool.Release(all.PopFront());
}

// A 500 B-packet flow starts sparse on the new list with a quantum (1514 B)
// and sends four packets (1514 -> 14 -> -486) before it is out of deficit:
// then, still backlogged, it is bulk. A newcomer is sparse and goes first.
// A flow that empties while in deficit waits in the bulk rotation counted
// as sparse (sparse-wait) and is bulk once a packet comes; a sparse flow
// found empty decays (its COBALT activity timer runs one interval) and
// comes back sparse.
TEST(CakeDrrPlusPlus, SparseAndBulkTransitions) {
  const auto f = Apart(3);
  testing::QueueHarness h("cake");
  const cake::FlowTable& t = h.as<CakeQueue>().table();
  for (int i = 0; i < 10; ++i) h.Arrive(f[0]);
  EXPECT_EQ(FlowOf(h, f[0]).set, FlowSet::kSparse);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(h.Depart(), f[0]);
  EXPECT_EQ(FlowOf(h, f[0]).deficit, 1514 - 2000);
  EXPECT_EQ(t.counts().sparse, 1);
  h.Arrive(f[1]);
  EXPECT_EQ(t.counts().sparse, 2);
  // The next visit finds f[0] out of deficit: bulk, +1514, to the bulk
  // list; the newcomer goes first.
  EXPECT_EQ(h.Depart(), f[1]);
  EXPECT_EQ(FlowOf(h, f[0]).set, FlowSet::kBulk);
  EXPECT_EQ(FlowOf(h, f[0]).deficit, 1514 - 486);
  EXPECT_EQ(h.Depart(), f[0]);  // f[1] found empty: decaying
  EXPECT_EQ(FlowOf(h, f[1]).set, FlowSet::kDecaying);
  EXPECT_EQ(FlowOf(h, f[0]).deficit, 1514 - 486 - 500);
  EXPECT_EQ(t.counts().bulk, 1);
  EXPECT_EQ(t.counts().sparse, 0);
  EXPECT_EQ(t.counts().decaying, 1);
  EXPECT_EQ(t.active_flows(), 1);
  // Back within the interval: sparse again, from the decaying list.
  h.Arrive(f[1]);
  EXPECT_EQ(FlowOf(h, f[1]).set, FlowSet::kSparse);
  EXPECT_EQ(FlowOf(h, f[1]).deficit, 1514);
  EXPECT_EQ(t.counts().decaying, 0);

  // Sparse-wait: four packets spend f[2]'s quantum (1514 -> -486) as it
  // empties; its next visit moves it to the bulk list with 1028 B, counted
  // sparse; a packet then makes it bulk.
  for (int i = 0; i < 4; ++i) h.Arrive(f[2]);
  std::vector<int32_t> order;
  for (int k = 0; k < 6; ++k) order.push_back(h.Depart());
  EXPECT_EQ(order, (std::vector<int32_t>{f[1], f[2], f[2], f[2], f[2], f[0]}));
  EXPECT_EQ(FlowOf(h, f[2]).set, FlowSet::kSparseWait);
  EXPECT_EQ(FlowOf(h, f[2]).deficit, 1028);
  EXPECT_EQ(t.counts().sparse, 1);
  EXPECT_EQ(t.counts().bulk, 1);
  EXPECT_EQ(t.counts().decaying, 1);  // f[1]
  h.Arrive(f[2]);
  EXPECT_EQ(FlowOf(h, f[2]).set, FlowSet::kBulk);
  EXPECT_EQ(t.counts().sparse, 0);
  EXPECT_EQ(t.counts().bulk, 2);
  h.ExpectBalanced();
}

// DRR++ shares bytes by the quantum: a flow of 500 B packets and one of
// 1500 B packets, both backlogged, each send a quantum a round on average,
// so their bytes differ by at most a quantum and a packet: 1514 + 1500
// unlimited. Shaped to 8 Mb/s the quantum is 300 B: the 1500 B flow then
// sends one packet every five rounds (300 x 5), the 500 B flow three in
// five (deficit 300 -> -200, 100 -> -400, ...), so the shares still match,
// within 300 + 1500 B. No time passes, so COBALT never drops.
TEST(CakeDrrPlusPlus, SharesBytesByQuantum) {
  const auto f = Apart(2);
  for (double mbps : {0.0, 8.0}) {
    testing::QueueHarness h("cake", {{"bandwidth_mbps", mbps}}, 4000);
    const int64_t quantum = h.as<CakeQueue>().tuning().quantum;
    EXPECT_EQ(quantum, mbps > 0 ? 300 : 1514);
    const auto bytes = h.DrrBytes(f[0], f[1], 1000);
    EXPECT_LE(std::llabs(bytes[0] - bytes[1]), quantum + 1500) << mbps;
    EXPECT_GT(bytes[0], 300000) << mbps;
    EXPECT_EQ(h.disc().counters().drops_total(), 0);
    h.ExpectBalanced();
  }
}

// COBALT per queue. Flow A queues 60 packets at 0 and leaves one every
// 2 ms: the first departure (sojourn 0) arms the activity timer; the sojourn
// passes 5 ms at 6 ms, so the first drop is due one interval later, at
// 106 ms, and the next at 106 + 100/sqrt(2) ms. Flow B's single packet at
// 100 ms goes at once (sparse): its own COBALT is untouched.
TEST(CakeCobalt, EachQueueHasItsOwnCobalt) {
  const auto f = Apart(2);
  testing::QueueHarness h("cake");
  for (int i = 0; i < 60; ++i) h.Arrive(f[0]);
  int64_t dropped_before = 0;
  for (int k = 0; k <= 53; ++k) {
    h.AtMillis(2.0 * k);
    if (k == 50) h.Arrive(f[1]);
    const int32_t flow = h.Depart();
    if (k == 50) EXPECT_EQ(flow, f[1]);
    if (k == 52) dropped_before = h.disc().counters().drops_total();
  }
  EXPECT_EQ(dropped_before, 0);
  EXPECT_EQ(h.disc().counters().drops_of(DropReason::kEarly), 1);  // at 106 ms
  EXPECT_EQ(FlowOf(h, f[0]).law.count, 2);
  EXPECT_EQ(FlowOf(h, f[0]).law.drop_next, cobalt::ControlLaw(Ms(106), Ms(100), 2));
  EXPECT_NEAR(FlowOf(h, f[0]).law.drop_next.millis(), 176.710678, 1e-6);
  EXPECT_EQ(FlowOf(h, f[1]).law.count, 0);
  EXPECT_FALSE(FlowOf(h, f[1]).law.dropping);
  h.ExpectBalanced();
}

// With ECN the same signal is a mark, and the flow keeps its packet.
TEST(CakeCobalt, MarksAnEcnCapablePacket) {
  const auto f = Apart(1);
  testing::QueueHarness h("cake", {}, 200, /*ecn=*/true);
  for (int i = 0; i < 60; ++i) h.Arrive(f[0], 500, /*ect=*/true);
  int marks = 0;
  for (int k = 0; k <= 53; ++k) {
    h.AtMillis(2.0 * k);
    bool marked = false;
    h.Depart(&marked);
    marks += marked ? 1 : 0;
  }
  EXPECT_EQ(marks, 1);
  EXPECT_EQ(h.disc().counters().marks, 1);
  EXPECT_EQ(h.disc().counters().drops_total(), 0);
  h.ExpectBalanced();
}

// The last packet of a queue is never dropped: a flow that keeps one packet
// waiting past the target is sent, and COBALT still counts the signal.
TEST(CakeCobalt, LastPacketOfAQueueIsSent) {
  const auto f = Apart(1);
  testing::QueueHarness h("cake");
  h.Arrive(f[0]);
  h.AtMillis(1);
  EXPECT_EQ(h.Depart(), f[0]);  // arms the activity timer (count 0)
  for (int k = 1; k <= 30; ++k) {
    h.Arrive(f[0]);
    h.AtMillis(1 + 10.0 * k);  // each waits 10 ms, alone in its queue
    EXPECT_EQ(h.Depart(), f[0]) << k;
  }
  EXPECT_EQ(h.disc().counters().drops_total(), 0);
  EXPECT_GT(FlowOf(h, f[0]).law.count, 1);
  h.ExpectBalanced();
}

// At the limit the head of the fattest queue in bytes goes, not the
// arrival: A holds 5 x 500 B, B 2 x 1500 B, C 3 x 500 B (10 packets, the
// buffer); D's arrival drops B's head, though A has more packets, and
// BLUE steps up in B's queue (1/256) as COBALT's queue-full says. An arrival
// to the fattest queue pushes out that queue's own head.
TEST(CakeLimit, DropsFromTheFattestFlow) {
  const auto f = Apart(4);
  testing::QueueHarness h("cake", {}, 10);
  h.AtMillis(10);  // past BLUE's freeze time (5 ms) since its start
  for (int i = 0; i < 5; ++i) h.Arrive(f[0], 500);
  for (int i = 0; i < 2; ++i) h.Arrive(f[1], 1500);
  for (int i = 0; i < 3; ++i) h.Arrive(f[2], 500);
  EXPECT_TRUE(h.Arrive(f[3], 500));
  EXPECT_EQ(h.disc().counters().drops_of(DropReason::kOverflow), 1);
  EXPECT_EQ(FlowOf(h, f[1]).queue.size(), 1);
  EXPECT_EQ(FlowOf(h, f[0]).queue.size(), 5);
  EXPECT_EQ(FlowOf(h, f[3]).queue.size(), 1);
  EXPECT_DOUBLE_EQ(FlowOf(h, f[1]).law.blue.p, 1.0 / 256);
  EXPECT_DOUBLE_EQ(FlowOf(h, f[0]).law.blue.p, 0.0);
  EXPECT_DOUBLE_EQ(h.disc().probability(), 1.0 / 256);
  // Now A (2500 B) is the fattest; its own arrival pushes out its head.
  EXPECT_TRUE(h.Arrive(f[0], 500));
  EXPECT_EQ(FlowOf(h, f[0]).queue.size(), 5);
  EXPECT_EQ(h.disc().counters().drops_of(DropReason::kOverflow), 2);
  EXPECT_EQ(h.Signals()[1], 5);  // largest_flow_pkts
  EXPECT_EQ(h.Signals()[0], 4);  // active_flows
  h.ExpectBalanced();
}

// The queue's probability is the largest BLUE probability of any of its
// 1024 queues, kept as they rise (overflow, long sojourns) and fall (a
// queue gone idle) rather than found by a walk at every sample: checked
// against the walk at every step of bursts into a 20-packet buffer, then
// quiet spells that empty the queues, until both have happened many times.
TEST(CakeCobalt, ProbabilityIsTheLargestBlueOfAnyQueue) {
  const auto f = Apart(6);
  testing::QueueHarness h("cake", {}, 20);
  const cake::FlowTable& t = h.as<CakeQueue>().table();
  auto largest = [&t] {
    double p = 0;
    for (uint32_t i = 0; i < cake::kQueues; ++i) p = std::max(p, t.flow(i).law.blue.p);
    return p;
  };
  uint32_t x = 12345;  // a fixed pseudo-random sequence of flows and gaps
  auto next = [&x](uint32_t n) {
    x = x * 1664525u + 1013904223u;
    return (x >> 16) % n;
  };
  double ms = 10;
  double before = 0;
  int rises = 0, falls = 0;
  for (int cycle = 0; cycle < 40; ++cycle) {
    for (int k = 0; k < 60; ++k) {  // a burst: more arrivals than departures
      h.AtMillis(ms += 0.5);
      for (uint32_t a = next(4); a > 0; --a) h.Arrive(f[next(f.size())], 500);
      if (h.disc().packets() > 0) h.Depart();
      ASSERT_DOUBLE_EQ(h.disc().probability(), largest()) << "cycle " << cycle << ", burst step " << k;
      rises += h.disc().probability() > before;
      before = h.disc().probability();
    }
    const double quiet_until = ms + 50 + 10.0 * next(30);
    while (ms < quiet_until) {  // drains, then idles; BLUE steps down as queues find themselves empty
      h.AtMillis(ms += 2);
      if (h.disc().packets() > 0) h.Depart();
      if (next(8) == 0) h.Arrive(f[next(f.size())], 500);
      ASSERT_DOUBLE_EQ(h.disc().probability(), largest()) << "cycle " << cycle << " at " << ms << " ms";
      falls += h.disc().probability() < before;
      before = h.disc().probability();
    }
  }
  EXPECT_GT(rises, 20);
  EXPECT_GT(falls, 20);
  h.ExpectBalanced();
}

// The parameter table: CAKE's defaults; a shaper rate is a live change
// that retunes the quantum and shapes the output; target below interval.
TEST(CakeQueue, ParametersAndLiveRetune) {
  testing::QueueHarness h("cake");
  EXPECT_EQ(h.as<CakeQueue>().params().bandwidth_mbps, 0);
  EXPECT_EQ(h.disc().shaper_bps(), 0);
  ASSERT_TRUE(h.disc().SetParam("bandwidth_mbps", 1).ok());
  EXPECT_EQ(h.as<CakeQueue>().tuning().quantum, 300);
  EXPECT_EQ(h.disc().shaper_bps(), 1e6);
  EXPECT_FALSE(h.disc().SetParam("target_ms", 200).ok());
  EXPECT_FALSE(h.disc().SetParam("bandwidth_mbps", -1).ok());
}

}  // namespace
}  // namespace aqmlab
