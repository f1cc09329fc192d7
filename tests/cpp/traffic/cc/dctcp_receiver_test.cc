// The DCTCP receiver's ECN-Echo (RFC 8257 sec. 3.2): without delayed ACKs
// each ACK echoes its own segment's CE; with delayed ACKs (one ACK per two
// segments) a change of CE state first sends the ACK held back with the
// old state, so the echoed marks count exactly the marked segments. A
// classic (RFC 3168) receiver instead latches CE until the sender's CWR.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "traffic/cc/registry.h"
#include "traffic/tcp.h"

namespace aqmlab {
namespace {

struct Ack {
  int64_t next;  // the ACK's cumulative number: the next segment expected
  bool ece;
  bool operator==(const Ack&) const = default;
};

// Records every ACK the sink sends.
struct AckRecorder final : PacketReceiver {
  explicit AckRecorder(PacketPool& p) : pool(p) {}
  void Receive(Packet* p) override {
    acks.push_back({p->seq, p->has(kFlagEce)});
    pool.Release(p);
  }
  PacketPool& pool;
  std::vector<Ack> acks;
};

// Delivers segments 0, 1, ... to a sink, one per millisecond, CE where
// `ce` says, then lets the delayed-ACK timer run out.
std::vector<Ack> AcksFor(const char* variant, bool delayed, const std::vector<bool>& ce) {
  EventLoop loop;
  PacketPool pool;
  AckRecorder recorder(pool);
  Route acks{{&recorder}};
  TcpConfig config;
  config.cc = FindCc(variant);
  config.ecn = true;
  config.delayed_ack = delayed;
  TcpSink sink(loop, pool, config, &acks);
  for (size_t i = 0; i < ce.size(); ++i) {
    loop.RunUntil(Time::Millis(static_cast<double>(i + 1)));
    Packet* p = pool.Allocate();
    p->seq = static_cast<int64_t>(i);
    p->size = 500;
    p->ecn = ce[i] ? Ecn::kCe : Ecn::kEct0;
    sink.Receive(p);
  }
  loop.RunUntil(Time::Seconds(1));
  return recorder.acks;
}

const std::vector<bool> kMarks = {false, false, true, true, true, false, false, false};

TEST(DctcpReceiver, WithoutDelayedAcksEachAckEchoesItsSegment) {
  const std::vector<Ack> expected = {{1, false}, {2, false}, {3, true}, {4, true},
                                     {5, true},  {6, false}, {7, false}, {8, false}};
  EXPECT_EQ(AcksFor("dctcp", false, kMarks), expected);
}

TEST(DctcpReceiver, DelayedAcksFollowTheTwoStateMachine) {
  // Segments 0, 1 (state 0): one ACK, no echo. Segment 2 is CE: nothing is
  // held back, so the state turns to 1 and 2 waits; 3 completes the pair:
  // ACK 4 with ECE. 4 (CE) waits; 5 is not CE: the held-back ACK of 4
  // leaves first with ECE (ACK 5), then the state turns to 0; 5 waits and
  // 6 completes the pair: ACK 7 without ECE. 7 waits for the timer.
  const std::vector<Ack> expected = {{2, false}, {4, true}, {5, true}, {7, false}, {8, false}};
  EXPECT_EQ(AcksFor("dctcp", true, kMarks), expected);
  // Echoed segments: 2, 3 (ACK 4) and 4 (ACK 5), exactly the three marked.
}

TEST(DctcpReceiver, PragueSharesTheScalableEcho) {
  const std::vector<Ack> expected = {{2, false}, {4, true}, {5, true}, {7, false}, {8, false}};
  EXPECT_EQ(AcksFor("prague", true, kMarks), expected);
}

TEST(ClassicReceiver, LatchesCeUntilTheSendersCwr) {
  // No CWR ever arrives here: from the first CE on, every ACK echoes.
  const std::vector<Ack> expected = {{2, false}, {4, true}, {6, true}, {8, true}};
  EXPECT_EQ(AcksFor("newreno", true, kMarks), expected);
}

}  // namespace
}  // namespace aqmlab
