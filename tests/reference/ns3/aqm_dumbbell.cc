// The lab's dumbbell in ns-3, for comparing a discipline's queue,
// utilisation and goodput with ns-3's own model (FqPieQueueDisc,
// CobaltQueueDisc, FqCoDelQueueDisc, PieQueueDisc). Not built by the
// project's tests: ns-3 is not a dependency. Build and run: see README.md.
//
// sender i --(100 Mb/s, a_i)-- R1 ==(C, D; the AQM)== R2 --(100 Mb/s, 0)-- sink
// with a_i = rtt_i / 2 - D, the RTTs spread evenly over [rttMin, rttMax] as the
// lab's `rtt_spread: even`. TCP NewReno as the lab's: an ACK per segment, no
// SACK, no timestamps, initial window 2, minimum RTO 200 ms. An optional UDP
// CBR source shares the bottleneck.
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

struct Sampler {
  Ptr<QueueDisc> disc;
  double sum = 0;
  long samples = 0;
  double sojourn_sum_ms = 0;
  long sojourns = 0;
  bool measuring = false;
  void Sample(Time every) {
    if (measuring) {
      sum += disc->GetNPackets();
      ++samples;
    }
    Simulator::Schedule(every, &Sampler::Sample, this, every);
  }
  void OnSojourn(Time t) {
    if (!measuring) return;
    sojourn_sum_ms += t.GetSeconds() * 1e3;
    ++sojourns;
  }
};

}  // namespace

int main(int argc, char* argv[]) {
  std::string aqm = "ns3::FqPieQueueDisc";
  uint32_t flows = 20;
  double rtt_min = 40, rtt_max = 200, mbps = 10, delay_ms = 10, udp_mbps = 0;
  uint32_t pkt = 1500, buffer = 1000, seed = 1;
  double duration = 120, warmup = 20;
  bool ecn = false;
  CommandLine cmd;
  cmd.AddValue("aqm", "root queue disc type", aqm);
  cmd.AddValue("flows", "TCP flows", flows);
  cmd.AddValue("rttMin", "smallest RTT (ms)", rtt_min);
  cmd.AddValue("rttMax", "largest RTT (ms)", rtt_max);
  cmd.AddValue("mbps", "bottleneck capacity (Mb/s)", mbps);
  cmd.AddValue("delayMs", "bottleneck one-way delay (ms)", delay_ms);
  cmd.AddValue("pkt", "IP packet size (bytes)", pkt);
  cmd.AddValue("buffer", "queue disc limit (packets)", buffer);
  cmd.AddValue("udpMbps", "rate of one UDP CBR source, 0 for none", udp_mbps);
  cmd.AddValue("ecn", "ECN on (TCP and the queue disc)", ecn);
  cmd.AddValue("duration", "simulated seconds", duration);
  cmd.AddValue("warmup", "seconds before measuring", warmup);
  cmd.AddValue("seed", "run number", seed);
  cmd.Parse(argc, argv);
  RngSeedManager::SetRun(seed);

  const uint32_t segment = pkt - 40;  // IP 20 + TCP 20, no options
  Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
  Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segment));
  Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
  Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(2));
  Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 24));
  Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 24));
  Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(false));
  Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
  Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
  Config::SetDefault("ns3::TcpSocketBase::UseEcn",
                     EnumValue(ecn ? TcpSocketState::On : TcpSocketState::Off));

  const uint32_t senders = flows + (udp_mbps > 0 ? 1 : 0);
  DumbbellNodes nodes(senders, mbps, delay_ms);
  NodeContainer &left = nodes.left, &routers = nodes.routers, &right = nodes.right;
  PointToPointHelper &access = nodes.access, &bottleneck = nodes.bottleneck;

  Ipv4AddressHelper addr;
  std::vector<NetDeviceContainer> access_links;
  for (uint32_t i = 0; i < senders; ++i) {
    const double rtt = flows > 1 && i < flows ? rtt_min + (rtt_max - rtt_min) * i / (flows - 1)
                                              : rtt_min;
    access.SetChannelAttribute("Delay", TimeValue(MicroSeconds(int64_t((rtt / 2 - delay_ms) * 1e3))));
    access_links.push_back(access.Install(left.Get(i), routers.Get(0)));
    addr.SetBase(("10.1." + std::to_string(i) + ".0").c_str(), "255.255.255.0");
    addr.Assign(access_links.back());
  }
  access.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
  NetDeviceContainer sink_link = access.Install(routers.Get(1), right.Get(0));
  NetDeviceContainer core = bottleneck.Install(routers.Get(0), routers.Get(1));

  TrafficControlHelper tc;
  tc.SetRootQueueDisc(aqm, "MaxSize", QueueSizeValue(QueueSize(std::to_string(buffer) + "p")));
  if (aqm != "ns3::CobaltQueueDisc" || ecn) {
    Config::SetDefault(aqm + "::UseEcn", BooleanValue(ecn));
  }
  QueueDiscContainer discs = tc.Install(core.Get(0));
  addr.SetBase("10.2.0.0", "255.255.255.0");
  addr.Assign(core);
  addr.SetBase("10.3.0.0", "255.255.255.0");
  Ipv4InterfaceContainer sink_if = addr.Assign(sink_link);
  Ipv4GlobalRoutingHelper::PopulateRoutingTables();

  Ptr<UniformRandomVariable> start = CreateObject<UniformRandomVariable>();
  ApplicationContainer sinks;
  for (uint32_t i = 0; i < senders; ++i) {
    const uint16_t port = 5000 + i;
    const bool udp = i == flows;
    const char* proto = udp ? "ns3::UdpSocketFactory" : "ns3::TcpSocketFactory";
    PacketSinkHelper sink(proto, InetSocketAddress(Ipv4Address::GetAny(), port));
    sinks.Add(sink.Install(right.Get(0)));
    AddressValue to(InetSocketAddress(sink_if.GetAddress(1), port));
    ApplicationContainer app;
    if (udp) {
      OnOffHelper cbr(proto, to.Get());
      cbr.SetConstantRate(DataRate(udp_mbps * 1e6), pkt - 28);
      app = cbr.Install(left.Get(i));
    } else {
      BulkSendHelper bulk(proto, to.Get());
      bulk.SetAttribute("MaxBytes", UintegerValue(0));
      app = bulk.Install(left.Get(i));
    }
    app.Start(Seconds(start->GetValue(0, 1)));
  }

  Sampler sampler;
  sampler.disc = discs.Get(0);
  sampler.disc->TraceConnectWithoutContext("SojournTime", MakeCallback(&Sampler::OnSojourn, &sampler));
  Simulator::Schedule(Seconds(0), &Sampler::Sample, &sampler, MilliSeconds(10));

  MeasuredSpan span_counts{sampler.disc, sinks};
  Simulator::Schedule(Seconds(warmup), [&] {
    sampler.measuring = true;
    span_counts.Start();
  });
  Simulator::Stop(Seconds(duration));
  Simulator::Run();

  const double span = duration - warmup;
  double tcp_bytes = 0, udp_bytes = 0;
  for (uint32_t i = 0; i < senders; ++i) {
    const double b = span_counts.SinkBytes(i);
    (i == flows ? udp_bytes : tcp_bytes) += b;
  }
  // Goodput counted in whole IP packets, as the lab counts its packets: the
  // sinks' payload bytes scaled by packet / payload.
  const double tcp_mbps = tcp_bytes * 8 / span / 1e6 * pkt / segment;
  const double udp_goodput = udp_bytes * 8 / span / 1e6 * pkt / (pkt - 28);
  std::printf(
      "{\"aqm\":\"%s\",\"seed\":%u,\"mean_queue_pkts\":%.3f,\"mean_sojourn_ms\":%.3f,"
      "\"utilisation\":%.5f,\"tcp_goodput_mbps\":%.4f,\"udp_goodput_mbps\":%.4f,"
      "\"loss_ratio\":%.5f,\"mark_ratio\":%.5f}\n",
      aqm.c_str(), seed, sampler.sum / sampler.samples,
      sampler.sojourns ? sampler.sojourn_sum_ms / sampler.sojourns : 0.0,
      span_counts.SentBytes() * 8 / span / (mbps * 1e6), tcp_mbps, udp_goodput,
      span_counts.LossRatio(),
      span_counts.MarkRatio());
  Simulator::Destroy();
  return 0;
}
