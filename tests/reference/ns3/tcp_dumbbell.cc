// The lab's small sender dumbbell in ns-3: a few long-lived flows of one of
// ns-3's congestion controls (TcpCubic, TcpBbr, TcpDctcp) through a drop-tail
// FIFO, or through a RED queue that marks every arrival finding K or more
// packets (DCTCP's switch marking), for the comparisons in
// core-cpp/src/traffic/cc/{cubic,bbr,dctcp}/README.md. Not built by the
// project's tests: ns-3 is not a dependency. Build and run: see README.md.
//
// sender i --(100 Mb/s, a)-- R1 ==(C, D; FIFO or step marking)== R2 --(100 Mb/s, 0)-- sink
// with a = rtt / 2 - D, every flow the same round trip. TCP as the lab's: an
// ACK per segment, no timestamps, initial window 2, minimum RTO 200 ms,
// limited transmit, SACK on or off by flag, and recovery that holds cwnd at
// ssthresh and sends what the pipe estimate allows (ns-3's
// TcpClassicRecovery; it sends what the lab's NewReno window inflation
// sends), or ns-3's default PRR by flag.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include "dumbbell_common.h"

using namespace ns3;

namespace {

// The packets waiting every `every` (the queue disc's and the one the device
// queue holds; the lab's queue is everything waiting, not the packet on the
// wire), kept for the mean and percentiles.
struct Sampler {
  Ptr<QueueDisc> disc;
  Ptr<Queue<Packet>> device;
  std::vector<uint32_t> samples;
  bool measuring = false;
  void Sample(Time every) {
    if (measuring) samples.push_back(disc->GetNPackets() + device->GetNPackets());
    Simulator::Schedule(every, &Sampler::Sample, this, every);
  }
  double Percentile(double q) {
    if (samples.empty()) return 0;
    std::vector<uint32_t> s = samples;
    const size_t i = std::min(s.size() - 1, size_t(q * double(s.size())));
    std::nth_element(s.begin(), s.begin() + long(i), s.end());
    return s[i];
  }
  double Mean() const {
    double sum = 0;
    for (uint32_t v : samples) sum += v;
    return samples.empty() ? 0 : sum / double(samples.size());
  }
};

TypeId ControlOf(const std::string& cc) {
  if (cc == "cubic") return TcpCubic::GetTypeId();
  if (cc == "bbr") return TcpBbr::GetTypeId();
  if (cc == "dctcp") return TcpDctcp::GetTypeId();
  NS_FATAL_ERROR("--cc must be cubic, bbr or dctcp, got " << cc);
}

}  // namespace

int main(int argc, char* argv[]) {
  std::string cc = "cubic";
  uint32_t flows = 2, pkt = 1500, buffer = 50, k = 0, seed = 1, init_cwnd = 2;
  double rtt_ms = 60, mbps = 10, delay_ms = 10, duration = 100, warmup = 20;
  bool sack = false, hystart = false, prr = false, timestamps = false;
  uint32_t del_ack = 1;
  CommandLine cmd;
  cmd.AddValue("cc", "congestion control: cubic, bbr or dctcp", cc);
  cmd.AddValue("flows", "TCP flows", flows);
  cmd.AddValue("rtt", "every flow's round trip (ms)", rtt_ms);
  cmd.AddValue("mbps", "bottleneck capacity (Mb/s)", mbps);
  cmd.AddValue("delayMs", "bottleneck one-way delay (ms)", delay_ms);
  cmd.AddValue("pkt", "IP packet size (bytes)", pkt);
  cmd.AddValue("buffer", "packets that can wait (the queue disc's limit and the device's one)", buffer);
  cmd.AddValue("k", "mark arrivals finding k or more packets waiting (RED, ECN); 0: drop-tail", k);
  cmd.AddValue("sack", "SACK option (RFC 2018) on", sack);
  cmd.AddValue("hystart", "TcpCubic's HyStart on", hystart);
  cmd.AddValue("prr", "ns-3's default recovery (PRR) in place of classic window inflation", prr);
  cmd.AddValue("timestamps", "timestamp option on", timestamps);
  cmd.AddValue("delAck", "segments per ACK (1: every segment)", del_ack);
  cmd.AddValue("initCwnd", "initial window (segments)", init_cwnd);
  cmd.AddValue("duration", "simulated seconds", duration);
  cmd.AddValue("warmup", "seconds before measuring", warmup);
  cmd.AddValue("seed", "run number", seed);
  cmd.Parse(argc, argv);
  NS_ABORT_MSG_IF(buffer < 2, "--buffer must be at least 2 packets, got " << buffer);
  NS_ABORT_MSG_IF(flows < 1 || flows > 250, "--flows must be in [1, 250], got " << flows);
  NS_ABORT_MSG_IF(rtt_ms / 2 < delay_ms, "--rtt must be at least twice --delayMs");
  RngSeedManager::SetRun(seed);

  const uint32_t segment = pkt - 40;  // IP 20 + TCP 20 (options ride on SYNs and ACKs only)
  Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(ControlOf(cc)));
  Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                     TypeIdValue(prr ? TcpPrrRecovery::GetTypeId()
                                     : TcpClassicRecovery::GetTypeId()));
  Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segment));
  Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(del_ack));
  Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(init_cwnd));
  Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 24));
  Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 24));
  Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(sack));
  Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(timestamps));
  Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(true));
  Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
  Config::SetDefault("ns3::TcpSocketState::EnablePacing", BooleanValue(cc == "bbr"));
  Config::SetDefault("ns3::TcpCubic::HyStart", BooleanValue(hystart));
  if (k > 0) {
    Config::SetDefault("ns3::TcpSocketBase::UseEcn", EnumValue(TcpSocketState::On));
    // DCTCP's step: the instantaneous queue (QW 1), no ramp (MinTh = MaxTh, not
    // gentle), and a mark, never a drop, at or above the threshold (no hard drop).
    Config::SetDefault("ns3::RedQueueDisc::UseEcn", BooleanValue(true));
    Config::SetDefault("ns3::RedQueueDisc::UseHardDrop", BooleanValue(false));
    Config::SetDefault("ns3::RedQueueDisc::Gentle", BooleanValue(false));
    Config::SetDefault("ns3::RedQueueDisc::QW", DoubleValue(1.0));
    // RED sees its own queue, not the device's packet: one less than k.
    Config::SetDefault("ns3::RedQueueDisc::MinTh", DoubleValue(k - 1));
    Config::SetDefault("ns3::RedQueueDisc::MaxTh", DoubleValue(k - 1));
    Config::SetDefault("ns3::RedQueueDisc::MeanPktSize", UintegerValue(pkt));
  }

  DumbbellNodes nodes(flows, mbps, delay_ms);
  NodeContainer &left = nodes.left, &routers = nodes.routers, &right = nodes.right;
  PointToPointHelper &access = nodes.access, &bottleneck = nodes.bottleneck;

  Ipv4AddressHelper addr;
  access.SetChannelAttribute("Delay", TimeValue(MicroSeconds(int64_t((rtt_ms / 2 - delay_ms) * 1e3))));
  for (uint32_t i = 0; i < flows; ++i) {
    NetDeviceContainer link = access.Install(left.Get(i), routers.Get(0));
    addr.SetBase(("10.1." + std::to_string(i) + ".0").c_str(), "255.255.255.0");
    addr.Assign(link);
  }
  access.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
  NetDeviceContainer sink_link = access.Install(routers.Get(1), right.Get(0));
  NetDeviceContainer core = bottleneck.Install(routers.Get(0), routers.Get(1));

  TrafficControlHelper tc;
  const QueueSizeValue limit(QueueSize(std::to_string(buffer - 1) + "p"));
  if (k > 0) {
    tc.SetRootQueueDisc("ns3::RedQueueDisc", "MaxSize", limit);
  } else {
    tc.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", limit);
  }
  QueueDiscContainer discs = tc.Install(core.Get(0));
  addr.SetBase("10.2.0.0", "255.255.255.0");
  addr.Assign(core);
  addr.SetBase("10.3.0.0", "255.255.255.0");
  Ipv4InterfaceContainer sink_if = addr.Assign(sink_link);
  Ipv4GlobalRoutingHelper::PopulateRoutingTables();

  // Starts uniform in the first second, as the lab's `"start": "random"`.
  Ptr<UniformRandomVariable> start = CreateObject<UniformRandomVariable>();
  ApplicationContainer sinks;
  for (uint32_t i = 0; i < flows; ++i) {
    const uint16_t port = 5000 + i;
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    sinks.Add(sink.Install(right.Get(0)));
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(sink_if.GetAddress(1), port));
    bulk.SetAttribute("MaxBytes", UintegerValue(0));
    bulk.SetAttribute("SendSize", UintegerValue(segment));
    ApplicationContainer app = bulk.Install(left.Get(i));
    app.Start(Seconds(start->GetValue(0, 1)));
  }

  Sampler sampler;
  sampler.disc = discs.Get(0);
  sampler.device = DynamicCast<PointToPointNetDevice>(core.Get(0))->GetQueue();
  Simulator::Schedule(Seconds(0), &Sampler::Sample, &sampler, MilliSeconds(10));

  MeasuredSpan span_counts{sampler.disc, sinks};
  Simulator::Schedule(Seconds(warmup), [&] {
    sampler.measuring = true;
    span_counts.Start();
  });
  Simulator::Stop(Seconds(duration));
  Simulator::Run();

  const double span = duration - warmup;
  // Goodput counted in whole IP packets, as the lab counts its packets: the
  // sinks' payload bytes scaled by packet / payload.
  std::string per_flow;
  double total = 0;
  for (uint32_t i = 0; i < flows; ++i) {
    const double b = span_counts.SinkBytes(i);
    const double f = b * 8 / span / 1e6 * pkt / segment;
    total += f;
    char one[32];
    std::snprintf(one, sizeof one, "%s%.4f", i ? "," : "", f);
    per_flow += one;
  }
  std::printf(
      "{\"cc\":\"%s\",\"sack\":%s,\"buffer\":%u,\"k\":%u,\"seed\":%u,\"mean_queue_pkts\":%.3f,"
      "\"p50_queue_pkts\":%.0f,\"p95_queue_pkts\":%.0f,\"utilisation\":%.5f,"
      "\"goodput_mbps\":%.4f,\"flow_goodput_mbps\":[%s],\"loss_ratio\":%.5f,\"mark_ratio\":%.5f}\n",
      cc.c_str(), sack ? "true" : "false", buffer, k, seed, sampler.Mean(), sampler.Percentile(0.5),
      sampler.Percentile(0.95), span_counts.SentBytes() * 8 / span / (mbps * 1e6), total,
      per_flow.c_str(), span_counts.LossRatio(),
      span_counts.MarkRatio());
  Simulator::Destroy();
  return 0;
}
