// What the ns-3 dumbbells (aqm_dumbbell.cc, tcp_dumbbell.cc) share: their
// nodes and link helpers, and what they measure after their warm-up (the
// bottleneck queue disc's counters and each sink's bytes, read at the
// warm-up and again at the end, so the figures cover only the span the lab
// measures too).
#pragma once

#include <cstdint>
#include <vector>

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

struct MeasuredSpan {
  ns3::Ptr<ns3::QueueDisc> disc;
  ns3::ApplicationContainer sinks;
  uint64_t sent0 = 0;
  uint32_t dropped0 = 0, marked0 = 0, received0 = 0;
  std::vector<uint64_t> rx0;

  void Start() {
    const ns3::QueueDisc::Stats& s = disc->GetStats();
    sent0 = s.nTotalSentBytes;
    dropped0 = s.nTotalDroppedPackets;
    marked0 = s.nTotalMarkedPackets;
    received0 = s.nTotalReceivedPackets;
    rx0.clear();
    for (uint32_t i = 0; i < sinks.GetN(); ++i) rx0.push_back(Rx(i));
  }
  uint64_t Rx(uint32_t i) const { return ns3::DynamicCast<ns3::PacketSink>(sinks.Get(i))->GetTotalRx(); }
  double SinkBytes(uint32_t i) const { return double(Rx(i) - rx0[i]); }
  double SentBytes() const { return double(disc->GetStats().nTotalSentBytes - sent0); }
  double Arrivals() const { return double(disc->GetStats().nTotalReceivedPackets - received0); }
  double LossRatio() const { return double(disc->GetStats().nTotalDroppedPackets - dropped0) / Arrivals(); }
  double MarkRatio() const { return double(disc->GetStats().nTotalMarkedPackets - marked0) / Arrivals(); }
};

// senders -- R1 == bottleneck (C, D) == R2 -- sink: the nodes with their
// stacks, 100 Mb/s access links with 1000-packet device queues, and the
// bottleneck's device queue of one packet so the queue disc is the buffer.
struct DumbbellNodes {
  ns3::NodeContainer left, routers, right;
  ns3::PointToPointHelper access, bottleneck;

  DumbbellNodes(uint32_t senders, double mbps, double delay_ms) {
    left.Create(senders);
    routers.Create(2);
    right.Create(1);
    ns3::InternetStackHelper stack;
    stack.InstallAll();
    access.SetDeviceAttribute("DataRate", ns3::StringValue("100Mbps"));
    access.SetQueue("ns3::DropTailQueue", "MaxSize", ns3::StringValue("1000p"));
    bottleneck.SetDeviceAttribute("DataRate", ns3::DataRateValue(ns3::DataRate(mbps * 1e6)));
    bottleneck.SetChannelAttribute("Delay", ns3::TimeValue(ns3::MilliSeconds(delay_ms)));
    bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", ns3::StringValue("1p"));
  }
};
