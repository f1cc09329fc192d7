#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "aqm/droptail/droptail.h"
#include "aqm/registry.h"
#include "net/pipe.h"
#include "net/queue_link.h"
#include "packet_catcher.h"

namespace aqmlab {
namespace {

using testing::Catcher;

// A loop, a pool and a sink that records when each packet arrives: what
// every test of pipes and links below wires its hops to.
class LinkTest : public ::testing::Test {
 protected:
  EventLoop loop;
  PacketPool pool;
  Catcher sink{loop, pool};
};
using PipeTest = LinkTest;
using HopListTest = LinkTest;
using QueueLinkTest = LinkTest;

Packet* MakePacket(PacketPool& pool, const Route* route, int64_t seq, Bytes size) {
  Packet* p = pool.Allocate();
  p->seq = seq;
  p->size = size;
  p->route = route;
  return p;
}

TEST_F(PipeTest, SerialisesThenPropagatesToTheNanosecond) {
  Pipe pipe(loop, 10e6, Time::Millis(5));  // 500 B at 10 Mb/s = 400 us
  Route route{{&pipe, &sink}};
  for (int i = 0; i < 3; ++i) Forward(MakePacket(pool, &route, i, 500));
  loop.RunUntil(Time::Seconds(1));
  const std::vector<int64_t> expected = {5'400'000, 5'800'000, 6'200'000};
  EXPECT_EQ(sink.arrivals, expected);
  EXPECT_EQ(pool.live(), 0);
}

TEST_F(PipeTest, IdleGapRestartsSerialisationAtArrival) {
  Pipe pipe(loop, 8e6, Time::Micros(100));  // 1000 B at 8 Mb/s = 1 ms
  Route route{{&pipe, &sink}};
  Forward(MakePacket(pool, &route, 0, 1000));
  loop.RunUntil(Time::Millis(10));
  Forward(MakePacket(pool, &route, 1, 1000));
  loop.RunUntil(Time::Millis(20));
  const std::vector<int64_t> expected = {1'100'000, 11'100'000};
  EXPECT_EQ(sink.arrivals, expected);
}

// The pipe's ring starts at 8 slots and doubles; packets entering while
// others leave wrap around it. Exit order and times must survive both.
TEST_F(PipeTest, RingGrowsAndWrapsWithoutLosingOrderOrTime) {
  Pipe pipe(loop, 0, Time::Micros(50));  // a pure delay line: up to 50 inside
  Route route{{&pipe, &sink}};
  std::vector<int64_t> expected;
  int64_t seq = 0;
  int64_t most = 0;
  // Bursts of 5, 37 and 100 packets 1 us apart, with time to drain between
  // some of them and not others, so the head sits mid-ring when it grows.
  for (int burst : {5, 37, 100}) {
    for (int i = 0; i < burst; ++i) {
      expected.push_back(loop.now().ns() + 50'000);
      Forward(MakePacket(pool, &route, seq++, 100));
      most = std::max(most, pipe.in_flight());
      loop.RunUntil(loop.now() + Time::Micros(1));
    }
    loop.RunUntil(loop.now() + Time::Micros(burst == 5 ? 70 : 20));
  }
  EXPECT_GE(most, 40);  // the ring grew from 8 to 64 slots
  loop.RunUntil(loop.now() + Time::Millis(1));
  EXPECT_EQ(pipe.in_flight(), 0);
  EXPECT_EQ(sink.arrivals, expected);
  std::vector<int64_t> seqs(expected.size());
  for (size_t i = 0; i < seqs.size(); ++i) seqs[i] = static_cast<int64_t>(i);
  EXPECT_EQ(sink.seqs, seqs);
  EXPECT_EQ(pool.live(), 0);
}

TEST_F(PipeTest, AShorterDelaySetInFlightNeverOvertakesEarlierPackets) {
  Pipe pipe(loop, 0, Time::Millis(10));
  Route route{{&pipe, &sink}};
  Forward(MakePacket(pool, &route, 0, 100));  // leaves at 10 ms
  loop.RunUntil(Time::Millis(1));
  pipe.set_delay(Time::Millis(2));
  Forward(MakePacket(pool, &route, 1, 100));  // would leave at 3 ms: waits for the first
  loop.RunUntil(Time::Millis(5));
  Forward(MakePacket(pool, &route, 2, 100));  // 7 ms: also behind the first
  loop.RunUntil(Time::Millis(11));
  Forward(MakePacket(pool, &route, 3, 100));  // 13 ms: the new delay, nothing ahead
  loop.RunUntil(Time::Seconds(1));
  const std::vector<int64_t> arrivals = {10'000'000, 10'000'000, 10'000'000, 13'000'000};
  const std::vector<int64_t> seqs = {0, 1, 2, 3};
  EXPECT_EQ(sink.arrivals, arrivals);
  EXPECT_EQ(sink.seqs, seqs);
}

// A shared pipe hands packets to a single-feeder pipe on entry: the chain
// costs one event per packet and the times add up exactly.
TEST_F(PipeTest, SingleFeederTakesPacketsAheadWithExactTimes) {
  Pipe shared(loop, 10e6, Time::Millis(5));   // 500 B: 400 us
  Pipe own(loop, 5e6, Time::Millis(1), Pipe::Feeding::kSingleFeeder);  // 500 B: 800 us
  Route route{{&shared, &own, &sink}};
  for (int i = 0; i < 3; ++i) Forward(MakePacket(pool, &route, i, 500));
  EXPECT_EQ(shared.in_flight(), 0);  // all handed over at once
  EXPECT_EQ(own.in_flight(), 3);
  loop.RunUntil(Time::Seconds(1));
  // Leaving `shared` at 5.4, 5.8, 6.2 ms; `own` serialises each for 800 us.
  const std::vector<int64_t> expected = {7'200'000, 8'000'000, 8'800'000};
  EXPECT_EQ(sink.arrivals, expected);
  EXPECT_EQ(loop.events_processed(), 3u);
}

// A route records which of its hops take packets ahead, beside the hop
// pointer, and hands the hops back unchanged.
TEST_F(HopListTest, RecordsWhichHopsTakePacketsAhead) {
  Pipe shared(loop, 0, Time::Millis(5));
  Pipe own(loop, 0, Time::Millis(1), Pipe::Feeding::kSingleFeeder);
  const HopList hops{&shared, &own, &sink};
  ASSERT_EQ(hops.size(), 3u);
  EXPECT_EQ(hops[0], &shared);
  EXPECT_EQ(hops[1], &own);
  EXPECT_EQ(hops[2], &sink);
  EXPECT_FALSE(hops.takes_ahead(0));
  EXPECT_TRUE(hops.takes_ahead(1));
  EXPECT_FALSE(hops.takes_ahead(2));
}

// Packets due at the same time leave in the order they entered, whether the
// pipe's event was scheduled on entry or after an earlier exit.
TEST_F(PipeTest, SimultaneousExitsKeepTheirOrder) {
  Pipe pipe(loop, 0, Time::Millis(2));
  Route route{{&pipe, &sink}};
  Forward(MakePacket(pool, &route, 0, 100));  // alone: scheduled on entry, 2 ms
  loop.RunUntil(Time::Millis(1));
  for (int i = 1; i <= 3; ++i) Forward(MakePacket(pool, &route, i, 100));  // all at 3 ms
  loop.RunUntil(Time::Seconds(1));
  const std::vector<int64_t> arrivals = {2'000'000, 3'000'000, 3'000'000, 3'000'000};
  const std::vector<int64_t> seqs = {0, 1, 2, 3};
  EXPECT_EQ(sink.arrivals, arrivals);
  EXPECT_EQ(sink.seqs, seqs);
  EXPECT_EQ(loop.events_processed(), 2u);  // one per distinct exit time
  EXPECT_EQ(pipe.in_flight(), 0);
}

TEST(PacketPool, GrowsOnDemandAndReusesTheLatestReleased) {
  PacketPool pool;
  EXPECT_EQ(pool.capacity(), 0);
  std::vector<Packet*> held;
  for (int i = 0; i < 5000; ++i) held.push_back(pool.Allocate());
  EXPECT_EQ(pool.live(), 5000);
  EXPECT_GE(pool.capacity(), 5000);
  EXPECT_LE(pool.capacity(), 2 * 5000);
  for (Packet* p : held) EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
  held[17]->seq = 99;
  pool.Release(held[17]);
  Packet* again = pool.Allocate();
  EXPECT_EQ(again, held[17]);
  EXPECT_EQ(again->seq, 0);  // handed out fresh
  EXPECT_EQ(sizeof(Packet), 64u);
}

TEST_F(QueueLinkTest, TransmitsBackToBackAndDropsAtTheBuffer) {
  QueueDiscEnv env;
  env.link.capacity_bps = 10e6;
  env.link.buffer_packets = 2;
  env.loop = &loop;
  env.pool = &pool;
  auto disc = FindAqm("droptail")->create(env, {});
  ASSERT_TRUE(disc.ok());
  QueueLink link(loop, 10e6, Time::Millis(1), std::move(disc.value()));
  Route route{{&link, &sink}};
  // One goes straight to the wire, two wait, the fourth finds the buffer full.
  for (int i = 0; i < 4; ++i) Forward(MakePacket(pool, &route, i, 500));
  EXPECT_EQ(link.disc().packets(), 2);
  loop.RunUntil(Time::Seconds(1));
  const std::vector<int64_t> expected = {1'400'000, 1'800'000, 2'200'000};
  EXPECT_EQ(sink.arrivals, expected);
  const QueueCounters& c = link.disc().counters();
  EXPECT_EQ(c.arrivals, 4);
  EXPECT_EQ(c.departures, 3);
  EXPECT_EQ(c.drops_of(DropReason::kOverflow), 1);
  EXPECT_EQ(c.arrivals, c.departures + c.drops_total() + link.disc().packets());
  EXPECT_EQ(link.busy_time().ns(), 1'200'000);
  EXPECT_EQ(pool.live(), 0);
}

TEST(Time, ConvertsUnitsExactly) {
  EXPECT_EQ(Time::Millis(1.5).ns(), 1'500'000);
  EXPECT_EQ(Time::Seconds(2).ns(), 2'000'000'000);
  EXPECT_EQ(BitsPerSecond{10e6}.TransmissionTime(500).ns(), 400'000);
  EXPECT_EQ(BitsPerSecond{1e9}.TransmissionTime(1500).ns(), 12'000);
}

TEST(Time, TransmissionTimeFollowsSizeAndRateChanges) {
  // The last size's time is kept; alternating sizes and a new rate must
  // still give each packet its own exact time.
  BitsPerSecond rate(10e6);
  EXPECT_EQ(rate.TransmissionTime(500).ns(), 400'000);
  EXPECT_EQ(rate.TransmissionTime(40).ns(), 32'000);
  EXPECT_EQ(rate.TransmissionTime(500).ns(), 400'000);
  EXPECT_EQ(rate.TransmissionTime(500).ns(), 400'000);
  rate.set_bps(20e6);
  EXPECT_EQ(rate.bps(), 20e6);
  EXPECT_EQ(rate.TransmissionTime(500).ns(), 200'000);
  EXPECT_EQ(rate.TransmissionTime(1).ns(), 400);  // 8 bits at 20 Mb/s
  EXPECT_EQ(rate.TransmissionTime(3).ns(), 1'200);
}

}  // namespace
}  // namespace aqmlab
