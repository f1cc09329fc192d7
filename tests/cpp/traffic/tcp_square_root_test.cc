// The square-root law: a long-lived flow that sees random loss with a fixed
// probability p, and no queueing, sends about (1/RTT) sqrt(3 / (2p)) segments
// per second (ACK every segment). A test-only discipline drops with fixed p;
// the bottleneck is fast enough that no queue forms.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <memory>
#include <vector>

#include "net/pipe.h"
#include "net/queue_link.h"
#include "traffic/tcp.h"

namespace aqmlab {
namespace {

class FixedDropQueue final : public QueueDisc {
 public:
  FixedDropQueue(const QueueDiscEnv& env, double p) : QueueDisc(env), p_(p) {}
  const AqmDescriptor& descriptor() const override {
    static const AqmDescriptor d{"fixed_p", "Fixed p (test only)", "", "", {}, {}};
    return d;
  }
  Status SetParam(std::string_view, double) override { return {"fixed_p: no parameters"}; }
  Status CheckParam(std::string_view, double) const override { return {"fixed_p: no parameters"}; }
  double GetParam(std::string_view) const override { return std::nan(""); }
  double probability() const override { return p_; }

 protected:
  Decision OnArrival(const ArrivalContext& ctx) override {
    return ctx.uniform < p_ ? Decision::kCongest : Decision::kPass;
  }

 private:
  double p_;
};

struct Flow {
  Flow(EventLoop& loop, PacketPool& pool, QueueLink& link, int id, const TcpConfig& config)
      : out(loop, 0, Time::Millis(50)), back(loop, 0, Time::Millis(50)),
        source(loop, pool, id, 0, config, &data), sink(loop, pool, config, &acks) {
    data.hops = {&out, &link, &sink};
    acks.hops = {&back, &source};
  }
  Pipe out, back;
  Route data, acks;
  TcpSource source;
  TcpSink sink;
};

double MeasuredOverPredicted(double p) {
  EventLoop loop;
  PacketPool pool;
  QueueDiscEnv env;
  env.link.capacity_bps = 1e9;
  env.link.buffer_packets = 100000;
  env.loop = &loop;
  env.pool = &pool;
  env.seed = 5;
  QueueLink link(loop, 1e9, Time(), std::make_unique<FixedDropQueue>(env, p));
  TcpConfig config;
  config.advertised_window = 100000;
  constexpr int kFlows = 8;
  std::vector<std::unique_ptr<Flow>> flows;
  for (int i = 0; i < kFlows; ++i) {
    flows.push_back(std::make_unique<Flow>(loop, pool, link, i, config));
    flows.back()->source.Start();
  }
  const Time warmup = Time::Seconds(20), end = Time::Seconds(400);
  loop.RunUntil(warmup);
  int64_t base = 0;
  for (const auto& f : flows) base += f->sink.stats().delivered_segments;
  loop.RunUntil(end);
  int64_t got = -base;
  for (const auto& f : flows) got += f->sink.stats().delivered_segments;
  const double rate = static_cast<double>(got) / kFlows / (end - warmup).seconds();
  const double rtt = 0.1;  // propagation only: the 1 Gb/s link never queues
  return rate / (std::sqrt(3.0 / (2.0 * p)) / rtt);
}

TEST(TcpSquareRootLaw, ThroughputFollowsTheFormulaAtLowLoss) {
  for (double p : {0.001, 0.003, 0.01}) {
    const double ratio = MeasuredOverPredicted(p);
    EXPECT_NEAR(ratio, 1.0, 0.2) << "p = " << p;
    RecordProperty("ratio_p" + std::to_string(p), std::to_string(ratio));
  }
}

}  // namespace
}  // namespace aqmlab
