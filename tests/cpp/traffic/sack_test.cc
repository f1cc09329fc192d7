// SACK end to end: the receiver's blocks in RFC 2018's order (its sec. 6
// examples, in segments: the left edge is segment 0, each segment one of
// its 500-byte ones), and a sender that repairs several losses of one
// window in one round trip where NewReno's recovery takes one per loss.
#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "net/pipe.h"
#include "traffic/cc/registry.h"
#include "tcp_path.h"
#include "test_util.h"
#include "traffic/tcp.h"

namespace aqmlab {
namespace {

using testing::LossyPath;

// The end of the ACK route: each ACK's cumulative point and blocks.
struct AckLog final : PacketReceiver {
  explicit AckLog(PacketPool& p) : pool(p) {}
  void Receive(Packet* p) override {
    std::vector<std::pair<int64_t, int64_t>> blocks;
    if (p->has(kFlagSack)) {
      const SackOption& o = pool.SackOf(*p);
      for (int k = 0; k < o.count; ++k) blocks.push_back({o.blocks[k].start, o.blocks[k].end});
    }
    acks.push_back({p->seq, blocks});
    pool.Release(p);
  }
  PacketPool& pool;
  std::vector<std::pair<int64_t, std::vector<std::pair<int64_t, int64_t>>>> acks;
};

struct SinkUnderTest {
  SinkUnderTest() : log(pool), sink(loop, pool, Config(), &route) { route.hops = {&log}; }
  static TcpConfig Config() {
    TcpConfig c;
    c.sack = true;
    return c;
  }
  void Arrive(int64_t seq) {
    Packet* p = pool.Allocate();
    p->seq = seq;
    p->epoch = 1;
    p->size = 500;
    sink.Receive(p);
  }
  using Blocks = std::vector<std::pair<int64_t, int64_t>>;
  const Blocks& LastBlocks() const { return log.acks.back().second; }
  int64_t LastAck() const { return log.acks.back().first; }
  EventLoop loop;
  PacketPool pool;
  AckLog log;
  Route route;
  TcpSink sink;
};

// RFC 2018 sec. 6, the first segment dropped and the next seven received:
// every ACK says 0 with one block growing from [1, 2) to [1, 8).
TEST(SackReceiver, OneHoleGivesOneGrowingBlock) {
  SinkUnderTest t;
  for (int64_t s = 1; s < 8; ++s) {
    t.Arrive(s);
    EXPECT_EQ(t.LastAck(), 0);
    EXPECT_EQ(t.LastBlocks(), (SinkUnderTest::Blocks{{1, s + 1}}));
  }
  t.Arrive(0);
  EXPECT_EQ(t.LastAck(), 8);
  EXPECT_TRUE(t.LastBlocks().empty());
  EXPECT_EQ(t.pool.live(), 0);
}

// RFC 2018 sec. 6, the 2nd, 4th, 6th and 8th segments dropped: each new
// block comes first, the earlier ones after it, most recent first. Then the
// 4th arrives: its block [2, 5) now joins 2 and 3 and comes first, and
// [6, 7) follows; then the 2nd: the ACK moves to 5, [6, 7) remains.
TEST(SackReceiver, BlocksFollowRfc2018sOrder) {
  SinkUnderTest t;
  using B = SinkUnderTest::Blocks;
  t.Arrive(0);
  EXPECT_EQ(t.LastAck(), 1);
  EXPECT_TRUE(t.LastBlocks().empty());
  t.Arrive(2);
  EXPECT_EQ(t.LastBlocks(), (B{{2, 3}}));
  t.Arrive(4);
  EXPECT_EQ(t.LastBlocks(), (B{{4, 5}, {2, 3}}));
  t.Arrive(6);
  EXPECT_EQ(t.LastBlocks(), (B{{6, 7}, {4, 5}, {2, 3}}));
  t.Arrive(3);
  EXPECT_EQ(t.LastAck(), 1);
  EXPECT_EQ(t.LastBlocks(), (B{{2, 5}, {6, 7}}));
  t.Arrive(1);
  EXPECT_EQ(t.LastAck(), 5);
  EXPECT_EQ(t.LastBlocks(), (B{{6, 7}}));
}

// Four blocks at most (40 bytes of options without timestamps): the fifth
// hole's block pushes the oldest out. A duplicate of a held segment puts
// its block first again.
TEST(SackReceiver, AtMostFourBlocksTheOldestDropped) {
  SinkUnderTest t;
  using B = SinkUnderTest::Blocks;
  for (int64_t s : {2, 4, 6, 8, 10}) t.Arrive(s);
  EXPECT_EQ(t.LastAck(), 0);
  EXPECT_EQ(t.LastBlocks(), (B{{10, 11}, {8, 9}, {6, 7}, {4, 5}}));
  t.Arrive(2);
  EXPECT_EQ(t.LastBlocks(), (B{{2, 3}, {10, 11}, {8, 9}, {6, 7}}));
  EXPECT_EQ(t.sink.stats().duplicate_segments, 1);
}

// Segments arriving in descending order grow a run downwards; the one
// between two runs joins them, and the older block inside the joined one is
// not repeated; the ACK then covers the whole run at once.
TEST(SackReceiver, RunsGrowDownwardsAndJoin) {
  SinkUnderTest t;
  using B = SinkUnderTest::Blocks;
  for (int64_t s : {9, 8, 7}) t.Arrive(s);
  EXPECT_EQ(t.LastBlocks(), (B{{7, 10}}));
  t.Arrive(5);
  EXPECT_EQ(t.LastBlocks(), (B{{5, 6}, {7, 10}}));
  t.Arrive(6);
  EXPECT_EQ(t.LastBlocks(), (B{{5, 10}}));
  t.Arrive(8);
  EXPECT_EQ(t.LastBlocks(), (B{{5, 10}}));
  EXPECT_EQ(t.sink.stats().duplicate_segments, 1);
  for (int64_t s : {1, 2, 3, 4}) t.Arrive(s);
  EXPECT_EQ(t.LastBlocks(), (B{{1, 10}}));
  EXPECT_EQ(t.LastAck(), 0);
  t.Arrive(0);
  EXPECT_EQ(t.LastAck(), 10);
  EXPECT_TRUE(t.LastBlocks().empty());
  EXPECT_EQ(t.sink.stats().delivered_segments, 10);
}

struct Outcome {
  std::vector<std::pair<int64_t, int64_t>> resent;
  TcpStats stats;
  int64_t acked_at_250ms = 0;
};

// Twenty segments leave at t = 0, and the receiver's window holds the
// sender to 20 in flight.
TcpConfig TwentySegments(bool sack) {
  TcpConfig c;
  c.initial_window = 20;
  c.advertised_window = 20;
  c.sack = sack;
  return c;
}

// Segments 3, 6, 9 and 12 of the twenty are lost. The receiver's window
// keeps the ACKs of the window's survivors from bringing a burst of new
// data to crowd the repairs out of the halved window.
Outcome FourLossesInOneWindow(const char* variant, bool sack, bool delayed_ack = false) {
  TcpConfig c = TwentySegments(sack);
  c.delayed_ack = delayed_ack;
  LossyPath path(variant, c);
  path.lose.lost = {3, 6, 9, 12};
  path.source.Start();
  Outcome o;
  path.loop.RunUntil(Time::Millis(250));
  o.acked_at_250ms = path.source.acked();
  path.loop.RunUntil(Time::Seconds(3));
  o.resent = path.lose.resent;
  o.stats = path.source.stats();
  path.source.Stop();
  return o;
}

// The losses are seen at 100 ms. With SACK every hole is resent then (each
// as IsLost marks it) and the window is whole again one round trip later
// (at 200 ms the receiver's window, full, stops new data while recovery
// lasts, so NextSeg's rule 4 sends its one rescue: 25, the highest segment
// not SACKed);
// NewReno's recovery (here CUBIC's, whose timer waits at every partial ACK)
// resends one hole per round trip: at 100, 200, 300 and 400 ms.
TEST(SackSender, SeveralLossesInAWindowRepairInOneRoundTrip) {
  using Log = std::vector<std::pair<int64_t, int64_t>>;
  for (const char* variant : {"newreno", "cubic"}) {
    const Outcome with = FourLossesInOneWindow(variant, true);
    EXPECT_EQ(with.resent, (Log{{100, 3}, {100, 6}, {100, 9}, {100, 12}, {200, 25}})) << variant;
    EXPECT_EQ(with.stats.fast_retransmits, 1) << variant;
    EXPECT_EQ(with.stats.timeouts, 0) << variant;
    EXPECT_GE(with.acked_at_250ms, 20) << variant;
  }
  const Outcome without = FourLossesInOneWindow("cubic", false);
  EXPECT_EQ(without.resent, (Log{{100, 3}, {200, 6}, {300, 9}, {400, 12}}));
  EXPECT_EQ(without.stats.timeouts, 0);
  EXPECT_LT(without.acked_at_250ms, 9);
}

// A retransmission lost again is found by the timer only: RFC 6675's
// NextSeg resends nothing at or below HighRxt, so the SACKs that keep
// arriving for the segments above it never make it lost a second time
// (neither this model nor ns-3.37's has RACK, which would). Segment 3 is
// resent at 100 ms and lost again; the one round-trip sample so far (100
// ms, the first) sets the timer to 100 + 4 x 50 = 300 ms (RFC 6298 sec.
// 2.2), so the second resend leaves at 400 ms, after a timeout.
TEST(SackSender, ALostRetransmissionWaitsForTheTimer) {
  using Log = std::vector<std::pair<int64_t, int64_t>>;
  LossyPath path("newreno", TwentySegments(true));
  path.lose.lost = {3};
  path.lose.lost_resent = {3};
  path.source.Start();
  path.loop.RunUntil(Time::Seconds(3));
  const TcpStats s = path.source.stats();
  path.source.Stop();
  EXPECT_EQ(path.lose.resent, (Log{{100, 3}, {400, 3}}));
  EXPECT_EQ(s.fast_retransmits, 1);
  EXPECT_EQ(s.timeouts, 1);
  EXPECT_GE(path.source.acked(), 20);
}

// With delayed ACKs the receiver still ACKs every out-of-order segment at
// once (RFC 5681 sec. 4.2), so the SACK blocks come as fast and the four
// holes are resent together at 100 ms, one recovery, no timeout.
TEST(SackSender, DelayedAcksRepairTheWindowInOneRoundTripToo) {
  using Log = std::vector<std::pair<int64_t, int64_t>>;
  for (const char* variant : {"newreno", "cubic"}) {
    const Outcome o = FourLossesInOneWindow(variant, true, true);
    ASSERT_GE(o.resent.size(), 4u) << variant;
    EXPECT_EQ(Log(o.resent.begin(), o.resent.begin() + 4), (Log{{100, 3}, {100, 6}, {100, 9}, {100, 12}})) << variant;
    EXPECT_EQ(o.stats.fast_retransmits, 1) << variant;
    EXPECT_EQ(o.stats.timeouts, 0) << variant;
    EXPECT_GE(o.acked_at_250ms, 20) << variant;
  }
}

// Three CE marks in one window, no loss: the SACK sender hears the
// ECN-Echo as the other does and reduces once for the window (RFC 3168 sec.
// 6.1.2), from its window of 20 segments (the receiver's limit): NewReno's
// ssthresh becomes 10, CUBIC's 14 (beta 0.7).
TEST(SackSender, AnEcnEchoReducesAsWithoutSack) {
  for (const auto& [variant, ssthresh] : {std::pair{"newreno", 10.0}, std::pair{"cubic", 14.0}}) {
    for (const bool sack : {true, false}) {
      SCOPED_TRACE(std::string(variant) + (sack ? " with SACK" : " without SACK"));
      TcpConfig c = TwentySegments(sack);
      c.ecn = true;
      LossyPath path(variant, c);
      path.lose.marked = {5, 6, 7};
      path.source.Start();
      path.loop.RunUntil(Time::Millis(150));
      EXPECT_EQ(path.source.stats().ecn_reductions, 1);
      EXPECT_DOUBLE_EQ(path.source.ssthresh(), ssthresh);
      EXPECT_EQ(path.source.stats().retransmits, 0);
      path.source.Stop();
    }
  }
}

// BBR (v1) does not answer an ECN-Echo, with SACK as without: the
// machinery still tells the controller once for the window (and sends CWR),
// but the same three CE marks leave its window and what it sent exactly as
// in a run with no marks.
TEST(SackSender, BbrIgnoresAnEcnEchoAsWithoutSack) {
  struct Seen {
    int64_t reductions, sent, retransmits;
    double cwnd;
  };
  for (const bool sack : {true, false}) {
    SCOPED_TRACE(sack ? "with SACK" : "without SACK");
    auto run = [sack](std::set<int64_t> marked) {
      TcpConfig c = TwentySegments(sack);
      c.ecn = true;
      LossyPath path("bbr", c);
      path.lose.marked = std::move(marked);
      path.source.Start();
      path.loop.RunUntil(Time::Millis(450));
      const TcpStats& s = path.source.stats();
      const Seen seen{s.ecn_reductions, s.segments_sent, s.retransmits, path.source.cwnd()};
      path.source.Stop();
      return seen;
    };
    const Seen marked = run({5, 6, 7});
    const Seen clean = run({});
    EXPECT_EQ(marked.reductions, 1);
    EXPECT_EQ(clean.reductions, 0);
    EXPECT_EQ(marked.retransmits, 0);
    EXPECT_GT(marked.sent, 20);  // it went on past the first window
    EXPECT_EQ(marked.sent, clean.sent);
    EXPECT_DOUBLE_EQ(marked.cwnd, clean.cwnd);
  }
}

// Segment 3 of the first window is lost, and later the first new segment
// sent in the recovery. Each reduction takes the window to beta times what
// was in flight by the scoreboard (pipe, at most cwnd): NewReno's half,
// CUBIC's 0.7. Taken from the span above snd_una, which also counts the
// segments SACKed above the hole, the first reduction here left ssthresh at
// 21.5 of a 40-segment window; through an AQM that drops in every window
// that span reached 1.5 windows and each "reduction" grew the window
// (TcpSackClosedLoop below).
TEST(SackSender, EveryReductionShrinksTheWindow) {
  for (const auto& [variant, beta] : {std::pair{"newreno", 0.5}, std::pair{"cubic", 0.7}}) {
    SCOPED_TRACE(variant);
    TcpConfig c;
    c.initial_window = 40;
    c.sack = true;
    LossyPath path(variant, c);
    path.lose.lost = {3};
    TcpSource& source = path.source;
    source.Start();
    int64_t recoveries = 0;
    double cwnd_before = source.cwnd();
    std::vector<std::pair<double, double>> reductions;  // (cwnd before, ssthresh after)
    for (int ms = 1; ms <= 2000; ++ms) {
      path.loop.RunUntil(Time::Millis(ms));
      if (ms == 100) path.lose.lost.insert(source.stats().segments_sent);  // the next new segment
      if (source.stats().fast_retransmits > recoveries) {
        recoveries = source.stats().fast_retransmits;
        reductions.push_back({cwnd_before, source.ssthresh()});
      }
      cwnd_before = source.cwnd();
    }
    source.Stop();
    ASSERT_EQ(reductions.size(), 2u);
    for (const auto& [cwnd, ssthresh] : reductions) {
      EXPECT_LE(ssthresh, beta * cwnd + 1) << "cwnd " << cwnd;
    }
    EXPECT_LT(reductions[1].second, reductions[0].second);
    EXPECT_EQ(source.stats().timeouts, 0);
  }
}

// One CUBIC flow through FQ-CoDel at 100 Mb/s and 40 ms, with and without
// SACK: CoDel drops about once per few round trips and the flow keeps the
// queue near CoDel's 5 ms target either way; with SACK, which repairs each
// loss without stalling, the link is used more. When reductions were taken
// from the span above snd_una the window grew at each loss and the flow
// overflowed the 2000-packet buffer (mean delay 95 ms, 7,677 overflow drops
// at seed 1).
TEST(TcpSackClosedLoop, CubicThroughFqCodelStaysNearTarget) {
  const auto scenario = [](bool sack) {
    return std::string(R"({"seed": 1, "duration_s": 40, "warmup_s": 10, "access_mbps": 1000,
      "bottleneck": {"capacity_mbps": 100, "delay_ms": 5, "buffer_pkts": 2000, "packet_bytes": 1500},
      "groups": [{"kind": "tcp", "count": 1, "rtt_ms": [40], "variant": "cubic", "sack": )") +
           (sack ? "true" : "false") + R"(}],
      "sides": [{"aqm": "fq_codel"}]})";
  };
  const Summary with = testing::RunSummary(scenario(true), 0);
  const Summary without = testing::RunSummary(scenario(false), 0);
  for (const Summary* s : {&with, &without}) {
    EXPECT_LT(s->mean_delay_ms, 5.0);
    EXPECT_LT(s->p99_delay_ms, 10.0);
    EXPECT_EQ(s->drops_overflow, 0);
  }
  EXPECT_GT(with.utilisation, 0.9);
  EXPECT_GE(with.utilisation, without.utilisation);
}

}  // namespace
}  // namespace aqmlab
