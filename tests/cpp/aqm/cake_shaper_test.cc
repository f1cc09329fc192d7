// CAKE's shaper on a link: below the link's rate packets leave one packet
// time at the shaped rate apart, and the link is busy only for their time
// on the wire; at or above the link's rate (or unlimited) the link's own
// rate governs.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "aqm/registry.h"
#include "net/queue_link.h"
#include "packet_catcher.h"

namespace aqmlab {
namespace {

struct Shaped {
  std::vector<int64_t> arrivals;
  Time busy;
};

// 20 packets of 1000 B offered at once to CAKE on a 10 Mb/s link with 1 ms
// of propagation (too few and too short a queue for COBALT to drop: the
// last leaves before 100 ms).
Shaped Offer(double bandwidth_mbps) {
  EventLoop loop;
  PacketPool pool;
  testing::Catcher sink(loop, pool);
  QueueDiscEnv env;
  env.link.capacity_bps = 10e6;
  env.link.buffer_packets = 200;
  env.loop = &loop;
  env.pool = &pool;
  auto disc = FindAqm("cake")->create(env, {{"bandwidth_mbps", bandwidth_mbps}});
  EXPECT_TRUE(disc.ok());
  QueueLink link(loop, 10e6, Time::Millis(1), std::move(disc.value()));
  Route route{{&link, &sink}};
  for (int i = 0; i < 20; ++i) {
    Packet* p = pool.Allocate();
    p->size = 1000;
    p->route = &route;
    Forward(p);
  }
  loop.RunUntil(Time::Seconds(1));
  EXPECT_EQ(link.disc().counters().drops_total(), 0);
  return {sink.arrivals, link.busy_time()};
}

// At 2 Mb/s a 1000 B packet takes 4 ms: packet i arrives at 4 (i + 1) + 1
// ms. The wire carries each for 0.8 ms (10 Mb/s): 16 ms busy in all, a
// utilisation of the link of 2/10 while shaping.
TEST(CakeShaper, HoldsTheOutputToTheSetRate) {
  const Shaped r = Offer(2);
  ASSERT_EQ(r.arrivals.size(), 20u);
  for (size_t i = 0; i < 20; ++i) EXPECT_EQ(r.arrivals[i], int64_t{4'000'000} * (i + 1) + 1'000'000);
  EXPECT_EQ(r.busy, Time::Micros(16000));
}

// Unlimited, or a rate at or above the link's: 0.8 ms apart, the link's.
TEST(CakeShaper, UnlimitedOrFasterThanTheLinkLeavesTheLinkRate) {
  for (double mbps : {0.0, 10.0, 50.0}) {
    const Shaped r = Offer(mbps);
    ASSERT_EQ(r.arrivals.size(), 20u);
    for (size_t i = 0; i < 20; ++i) EXPECT_EQ(r.arrivals[i], int64_t{800'000} * (i + 1) + 1'000'000) << mbps;
    EXPECT_EQ(r.busy, Time::Micros(16000));
  }
}

}  // namespace
}  // namespace aqmlab
