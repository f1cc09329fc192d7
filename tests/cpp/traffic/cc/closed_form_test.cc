// Closed forms each sender must meet in simulation (issue "Done means"):
// one flow alone on a 10 Mb/s link with a 100 ms round trip (a bandwidth-
// delay product of 250 packets of 500 B) keeps the link busy at least 95%
// of the time with a drop-tail buffer of one BDP under NewReno, of
// (1 - beta)/beta BDP under CUBIC, and not with much less; DCTCP does
// with a marking threshold of BDP/7 (Alizadeh et al.'s K > C RTT / 7).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>

#include "aqm/droptail/droptail.h"
#include "net/pipe.h"
#include "net/queue_link.h"
#include "traffic/cc/registry.h"
#include "traffic/tcp.h"

namespace aqmlab {
namespace {

constexpr double kCapacityBps = 10e6;
constexpr double kBdpPackets = 250;  // 2500 packets/s x 100 ms

// Marks (or drops, without ECN) every arrival that finds `k` or more
// packets queued: DCTCP's switch marking.
class StepMarkQueue final : public QueueDisc {
 public:
  StepMarkQueue(const QueueDiscEnv& env, int64_t k) : QueueDisc(env), k_(k) {}
  const AqmDescriptor& descriptor() const override {
    static const AqmDescriptor d{"step", "Step marking (test only)", "", "", {}, {}};
    return d;
  }
  Status SetParam(std::string_view, double) override { return {"step: no parameters"}; }
  Status CheckParam(std::string_view, double) const override { return {"step: no parameters"}; }
  double GetParam(std::string_view) const override { return std::nan(""); }
  double probability() const override { return 0; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override {
    return ctx.queue_packets >= k_ ? Decision::kCongest : Decision::kPass;
  }

 private:
  int64_t k_;
};

QueueDiscEnv Env(EventLoop& loop, PacketPool& pool, int64_t buffer, bool ecn) {
  QueueDiscEnv env;
  env.link.capacity_bps = kCapacityBps;
  env.link.buffer_packets = buffer;
  env.link.ecn = ecn;
  env.loop = &loop;
  env.pool = &pool;
  return env;
}

// A buffer of `buffer` packets, drop-tail or (k >= 0) marking from k on.
std::unique_ptr<QueueDisc> MakeQueue(EventLoop& loop, PacketPool& pool, int64_t buffer, int64_t k) {
  if (k < 0) return std::make_unique<DropTailQueue>(Env(loop, pool, buffer, false), DropTailParams{});
  return std::make_unique<StepMarkQueue>(Env(loop, pool, buffer, true), k);
}

struct OneFlow {
  OneFlow(const TcpConfig& config, int64_t buffer, int64_t k)
      : link(loop, kCapacityBps, Time(), MakeQueue(loop, pool, buffer, k)),
        out(loop, 0, Time::Millis(50)), back(loop, 0, Time::Millis(50)),
        source(loop, pool, 0, 0, config, &data), sink(loop, pool, config, &acks) {
    data.hops = {&out, &link, &sink};
    acks.hops = {&back, &source};
  }
  EventLoop loop;
  PacketPool pool;
  QueueLink link;
  Pipe out, back;
  Route data, acks;
  TcpSource source;
  TcpSink sink;
};

// The link's utilisation over 20..80 s: segments delivered / capacity.
double Utilisation(const char* variant, int64_t buffer, int64_t k = -1) {
  TcpConfig c;
  c.cc = FindCc(variant);
  c.ecn = k >= 0;
  auto f = std::make_unique<OneFlow>(c, buffer, k);
  f->source.Start();
  f->loop.RunUntil(Time::Seconds(20));
  const int64_t before = f->sink.stats().delivered_segments;
  f->loop.RunUntil(Time::Seconds(80));
  const double delivered = static_cast<double>(f->sink.stats().delivered_segments - before);
  return delivered / (kCapacityBps / (8 * 500) * 60);
}

TEST(SenderClosedForms, NewRenoFillsTheLinkWithOneBdpOfBuffer) {
  const double full = Utilisation("newreno", static_cast<int64_t>(kBdpPackets));
  EXPECT_GE(full, 0.95);
  EXPECT_LE(full, 1.0);
  // An eighth of it leaves the link idle after each halving (the window
  // falls to (BDP + BDP/8) / 2 and needs 0.44 BDP round trips to refill).
  const double little = Utilisation("newreno", static_cast<int64_t>(kBdpPackets / 8));
  EXPECT_LT(little, 0.9);
  RecordProperty("newreno_bdp8", std::to_string(little));
  RecordProperty("newreno_bdp", std::to_string(full));
}

TEST(SenderClosedForms, CubicFillsTheLinkWithThreeSeventhsOfABdp) {
  // (1 - 0.7) / 0.7 BDP = 107 packets: the window after a loss, 0.7 (BDP +
  // buffer) = 250, still fills the pipe.
  const int64_t buffer = static_cast<int64_t>(kBdpPackets * 0.3 / 0.7 + 0.5);
  const double enough = Utilisation("cubic", buffer);
  EXPECT_GE(enough, 0.95);
  const double little = Utilisation("cubic", buffer / 5);
  EXPECT_LT(little, 0.95);
  RecordProperty("cubic_enough", std::to_string(enough));
  RecordProperty("cubic_little", std::to_string(little));
}

TEST(SenderClosedForms, DctcpFillsTheLinkWithASeventhOfABdpAsThreshold) {
  const int64_t k = static_cast<int64_t>(kBdpPackets / 7 + 0.5);  // 36 packets
  const double u = Utilisation("dctcp", 1000, k);
  EXPECT_GE(u, 0.95);
  // NewReno with the same marks halves at each and cannot.
  EXPECT_LT(Utilisation("newreno", 1000, k), 0.9);
  RecordProperty("dctcp_bdp7", std::to_string(u));
}

}  // namespace
}  // namespace aqmlab
