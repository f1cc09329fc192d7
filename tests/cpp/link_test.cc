#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "aqm/droptail/droptail.h"
#include "aqm/registry.h"
#include "net/pipe.h"
#include "net/queue_link.h"

namespace aqmlab {
namespace {

struct Catcher final : PacketReceiver {
  Catcher(EventLoop& l, PacketPool& p) : loop(l), pool(p) {}
  void Receive(Packet* p) override {
    arrivals.push_back(loop.now().ns());
    seqs.push_back(p->seq);
    pool.Release(p);
  }
  EventLoop& loop;
  PacketPool& pool;
  std::vector<int64_t> arrivals;
  std::vector<int64_t> seqs;
};

Packet* MakePacket(PacketPool& pool, const Route* route, int64_t seq, Bytes size) {
  Packet* p = pool.Allocate();
  p->seq = seq;
  p->size = size;
  p->route = route;
  return p;
}

TEST(Pipe, SerialisesThenPropagatesToTheNanosecond) {
  EventLoop loop;
  PacketPool pool;
  Catcher sink(loop, pool);
  Pipe pipe(loop, 10e6, Time::Millis(5));  // 500 B at 10 Mb/s = 400 us
  Route route{{&pipe, &sink}};
  for (int i = 0; i < 3; ++i) Forward(MakePacket(pool, &route, i, 500));
  loop.RunUntil(Time::Seconds(1));
  const std::vector<int64_t> expected = {5'400'000, 5'800'000, 6'200'000};
  EXPECT_EQ(sink.arrivals, expected);
  EXPECT_EQ(pool.live(), 0);
}

TEST(Pipe, IdleGapRestartsSerialisationAtArrival) {
  EventLoop loop;
  PacketPool pool;
  Catcher sink(loop, pool);
  Pipe pipe(loop, 8e6, Time::Micros(100));  // 1000 B at 8 Mb/s = 1 ms
  Route route{{&pipe, &sink}};
  Forward(MakePacket(pool, &route, 0, 1000));
  loop.RunUntil(Time::Millis(10));
  Forward(MakePacket(pool, &route, 1, 1000));
  loop.RunUntil(Time::Millis(20));
  const std::vector<int64_t> expected = {1'100'000, 11'100'000};
  EXPECT_EQ(sink.arrivals, expected);
}

TEST(QueueLink, TransmitsBackToBackAndDropsAtTheBuffer) {
  EventLoop loop;
  PacketPool pool;
  Catcher sink(loop, pool);
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

}  // namespace
}  // namespace aqmlab
