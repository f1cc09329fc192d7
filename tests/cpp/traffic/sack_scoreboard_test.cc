// The SACK scoreboard against RFC 6675's rules, on cases worked by hand in
// segment units: ten segments 0..9 outstanding, HighACK + 1 = the cumulative
// point. Each case says which segment goes next and why.
#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

#include "traffic/sack_scoreboard.h"

namespace aqmlab {
namespace {

// A scoreboard with segments [0, n) sent.
SackScoreboard SentUpTo(int64_t n) {
  SackScoreboard b;
  b.Reset();
  for (int64_t s = 0; s < n; ++s) b.OnSend(s);
  return b;
}

SackScoreboard::Update Ack(SackScoreboard& b, int64_t cum, std::initializer_list<SackBlock> blocks) {
  const std::vector<SackBlock> v(blocks);
  return b.OnAck(cum, v.data(), static_cast<int>(v.size()));
}

// IsLost at DupThresh = 3: segment 2 is lost once three SACKed segments lie
// above it, not at two; whether they are contiguous does not matter.
TEST(SackScoreboard, IsLostNeedsThreeSackedSegmentsAbove) {
  SackScoreboard b = SentUpTo(10);
  Ack(b, 2, {{3, 4}});
  EXPECT_FALSE(b.IsLost(2));
  Ack(b, 2, {{3, 5}});
  EXPECT_FALSE(b.IsLost(2));  // two above: (DupThresh - 1) segments, not more
  const SackScoreboard::Update u = Ack(b, 2, {{6, 7}, {3, 5}});
  EXPECT_TRUE(b.IsLost(2));   // 3, 4 and 6 above it
  EXPECT_FALSE(b.IsLost(5));  // only 6 above it
  EXPECT_FALSE(b.IsLost(7));
  EXPECT_EQ(u.newly_sacked, 1);
  EXPECT_EQ(u.newly_lost, 1);  // segment 2
  EXPECT_EQ(b.sacked(), 3);
  EXPECT_EQ(b.lost(), 1);

  // Discontiguous: 1, 3 and 5 SACKed, three separate ranges above 0.
  SackScoreboard d = SentUpTo(10);
  Ack(d, 0, {{5, 6}, {3, 4}, {1, 2}});
  EXPECT_TRUE(d.IsLost(0));
  EXPECT_FALSE(d.IsLost(2));  // 3 and 5 only
  EXPECT_EQ(d.lost(), 1);
}

// Segments 2 and 5 of 0..9 lost; ACKs come for 0, 1, 3, 4, 6, 7, 8, 9 in
// order. Recovery starts at the ACK of 6 (IsLost(2)): cwnd = ssthresh =
// FlightSize / 2 = 8 / 2 = 4, and pipe, worked from SetPipe:
//   at the ACK of 6: SACKed 3, 4, 6; lost 2; in the network 5, 7, 8, 9 -> 4,
//   and 5 once 2 is resent (it is at HighRxt);
//   at the ACK of 7: 5 is still not lost (only 6 and 7 above it) -> 4;
//   at the ACK of 8: 5 is lost (6, 7, 8 above it) -> 9 and the resent 2 = 2,
//   so cwnd - pipe = 2: NextSeg gives 5 (rule 1), then new data 10 (rule 2).
TEST(SackScoreboard, TwoLossesInAWindowAreResentWhenIsLostSaysSo) {
  SackScoreboard b = SentUpTo(10);
  Ack(b, 1, {});
  Ack(b, 2, {});
  Ack(b, 2, {{3, 4}});
  Ack(b, 2, {{3, 5}});
  Ack(b, 2, {{6, 7}, {3, 5}});
  ASSERT_TRUE(b.IsLost(2));
  EXPECT_EQ(b.Pipe(), 4);
  b.EnterRecovery();
  EXPECT_EQ(b.recovery_point(), 9);
  SackScoreboard::Next n = b.NextSeg(true, true);
  EXPECT_EQ(n.seq, 2);
  EXPECT_EQ(n.rule, 1);
  b.OnSend(2);
  EXPECT_EQ(b.high_rxt(), 2);
  EXPECT_EQ(b.Pipe(), 5);  // above a window of 4: nothing more yet

  Ack(b, 2, {{6, 8}, {3, 5}});
  EXPECT_FALSE(b.IsLost(5));
  EXPECT_EQ(b.Pipe(), 4);  // a window of 4 is full

  const SackScoreboard::Update u = Ack(b, 2, {{6, 9}, {3, 5}});
  EXPECT_TRUE(b.IsLost(5));
  EXPECT_EQ(u.newly_lost, 1);
  EXPECT_EQ(b.Pipe(), 2);
  n = b.NextSeg(true, true);
  EXPECT_EQ(n.seq, 5);
  EXPECT_EQ(n.rule, 1);
  b.OnSend(5);
  EXPECT_EQ(b.Pipe(), 3);
  n = b.NextSeg(true, true);
  EXPECT_EQ(n.seq, 10);
  EXPECT_EQ(n.rule, 2);
  b.OnSend(10);
  EXPECT_EQ(b.Pipe(), 4);  // a window of 4 is full

  // The resent 2 arrives: the cumulative ACK jumps to 5 (3 and 4 were
  // held), a partial ACK; then the resent 5 takes it to 10 (RecoveryPoint 9
  // passed: recovery ends).
  const SackScoreboard::Update partial = Ack(b, 5, {{6, 10}});
  EXPECT_EQ(partial.acked, 3);
  EXPECT_EQ(partial.acked_sacked, 2);
  const SackScoreboard::Update full = Ack(b, 10, {});
  EXPECT_EQ(full.acked, 5);
  EXPECT_EQ(full.acked_sacked, 4);
  EXPECT_GT(b.una(), b.recovery_point());
  EXPECT_EQ(b.sacked(), 0);
  EXPECT_EQ(b.Pipe(), 1);  // segment 10
}

// NextSeg's order: rule 1 (a lost segment) before rule 2 (new data); rule 3
// (an un-SACKed segment not deemed lost, below the highest SACKed) only when
// no new data may go; rule 4 (one rescue of the highest un-SACKed segment)
// only when rules 1-3 fail and HighACK has passed RescueRxt, once.
TEST(SackScoreboard, NextSegRulesApplyInOrder) {
  SackScoreboard b = SentUpTo(10);
  Ack(b, 2, {{3, 5}});
  // Nothing lost: new data, and outside recovery nothing else.
  EXPECT_EQ(b.NextSeg(true, false).rule, 2);
  EXPECT_EQ(b.NextSeg(false, false).seq, -1);
  Ack(b, 2, {{6, 8}, {3, 5}});  // 2 lost (3, 4, 6, 7 above); 5 not (6, 7)
  b.EnterRecovery();
  EXPECT_EQ(b.NextSeg(true, true).seq, 2);
  b.OnSend(2);
  EXPECT_EQ(b.NextSeg(true, true).rule, 2);
  const SackScoreboard::Next rule3 = b.NextSeg(false, true);
  EXPECT_EQ(rule3.seq, 5);
  EXPECT_EQ(rule3.rule, 3);
  b.OnSend(5);
  // 8 and 9 lie above the highest SACKed segment: neither rule 1 nor 3, and
  // HighACK (1) has not passed RescueRxt (2).
  EXPECT_EQ(b.NextSeg(false, true).seq, -1);

  // Tail losses: 2, 8 and 9 of 0..9 lost. The resent 2 brings a partial ACK
  // up to 8 with nothing SACKed above: only the rescue can send, segment 9
  // (the highest un-SACKed), once.
  SackScoreboard t = SentUpTo(10);
  Ack(t, 2, {{3, 6}});
  ASSERT_TRUE(t.IsLost(2));
  t.EnterRecovery();
  t.OnSend(2);
  Ack(t, 2, {{3, 8}});
  Ack(t, 8, {});
  EXPECT_FALSE(t.IsLost(8));
  const SackScoreboard::Next rescue = t.NextSeg(false, true);
  EXPECT_EQ(rescue.seq, 9);
  EXPECT_EQ(rescue.rule, 4);
  t.OnSend(9, true);
  EXPECT_EQ(t.high_rxt(), 2);  // a rescue leaves HighRxt
  EXPECT_EQ(t.NextSeg(false, true).seq, -1);
  EXPECT_EQ(t.NextSeg(true, true).rule, 2);
}

// After a timeout everything outstanding and not SACKed is lost: NextSeg
// resends it in order (outside recovery), skipping what the receiver holds,
// and pipe counts only what was resent.
TEST(SackScoreboard, AfterATimeoutTheUnSackedSegmentsAreResentInOrder) {
  SackScoreboard b = SentUpTo(10);
  Ack(b, 2, {{4, 6}});
  EXPECT_EQ(b.Pipe(), 6);  // 2, 3, 6, 7, 8, 9
  b.OnTimeout();
  EXPECT_EQ(b.recovery_point(), 9);
  EXPECT_EQ(b.lost(), 6);
  EXPECT_EQ(b.Pipe(), 0);
  std::vector<int64_t> order;
  for (int i = 0; i < 7; ++i) {
    const SackScoreboard::Next n = b.NextSeg(false, false);
    if (n.seq < 0) break;
    EXPECT_EQ(n.rule, 1);
    order.push_back(n.seq);
    b.OnSend(n.seq);
  }
  EXPECT_EQ(order, (std::vector<int64_t>{2, 3, 6, 7, 8, 9}));
  EXPECT_EQ(b.Pipe(), 6);
  // The resent 2 and 3 arrive (4 and 5 were held): the timeout's losses
  // are not counted again.
  EXPECT_EQ(Ack(b, 6, {}).newly_lost, 0);
  EXPECT_EQ(b.Pipe(), 4);  // 6, 7, 8, 9 resent

  // New data after the timeout, 10 of it lost: IsLost(10) once 11, 12 and
  // 13 are SACKed, but outside recovery rule 1 leaves it for the recovery
  // that will cut the window; in recovery it goes first.
  for (int64_t s = 10; s < 14; ++s) b.OnSend(s);
  Ack(b, 10, {{11, 14}});
  EXPECT_TRUE(b.IsLost(10));
  EXPECT_EQ(b.NextSeg(true, false).rule, 2);
  b.EnterRecovery();
  EXPECT_EQ(b.NextSeg(true, true).seq, 10);
}

// A long block repeated by every ACK is marked once: what the ACK before
// reported is skipped, and segments outside the window are ignored.
TEST(SackScoreboard, RepeatedBlocksCountOnce) {
  SackScoreboard b = SentUpTo(100);
  int64_t newly = 0;
  for (int64_t end = 2; end <= 100; ++end) newly += Ack(b, 0, {{1, end}}).newly_sacked;
  EXPECT_EQ(newly, 99);
  EXPECT_EQ(Ack(b, 0, {{1, 150}}).newly_sacked, 0);  // beyond HighData
  EXPECT_EQ(b.sacked(), 99);
  EXPECT_EQ(b.high_sacked(), 100);
  EXPECT_TRUE(b.IsLost(0));
  EXPECT_EQ(b.Pipe(), 0);
}

}  // namespace
}  // namespace aqmlab
