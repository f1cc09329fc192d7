// One side of a scenario, built and running: the dumbbell of
// spec/scenarios.md with the side's discipline at the bottleneck.
//
//   source k -> access pipe (d_k) -> bottleneck queue + link (C, delay) -> sink k
//   sink k   -> reverse pipe (C, delay) -> access pipe (d_k) -> source k
//
// d_k = rtt_k / 2 - delay, so flow k's round-trip propagation delay is rtt_k.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "metrics/recorder.h"
#include "net/packet.h"
#include "net/pipe.h"
#include "net/queue_link.h"
#include "scenario/scenario.h"
#include "sim/event_loop.h"
#include "traffic/tcp.h"

namespace aqmlab {

class Simulation final : public EventTarget {
 public:
  static Result<std::unique_ptr<Simulation>> Create(const Scenario& scenario, int side);

  // Runs to `t` (clamped to the scenario's end), applying the scenario's
  // timeline events at their times and sampling metrics on the way.
  void AdvanceTo(Time t);
  // Applies an event now. Validated in full first; on error nothing changes.
  Status Apply(const TimelineEvent& e);

  Time now() const { return loop_.now(); }
  Time end() const { return end_; }
  bool done() const { return loop_.now() >= end_; }
  MetricRecorder& metrics() { return *recorder_; }
  const MetricRecorder& metrics() const { return *recorder_; }
  Summary summary() const { return recorder_->summary(); }
  const QueueLink& bottleneck() const { return *bottleneck_; }
  QueueLink& bottleneck() { return *bottleneck_; }
  const PacketPool& pool() const { return pool_; }
  const EventLoop& loop() const { return loop_; }
  int64_t active_flows() const;
  const TcpSource& source(size_t flow) const { return *flows_[flow]->source; }
  size_t flow_count() const { return flows_.size(); }

  void OnEvent(uint32_t tag) override;

 private:
  struct Flow final : EventTarget {
    Flow(Simulation& sim, int group, int64_t index, double rtt_ms);
    void OnEvent(uint32_t) override { source->Start(); }
    int group;
    Pipe access_out;
    Pipe access_back;
    Route forward;
    Route backward;
    std::unique_ptr<TcpSource> source;
    std::unique_ptr<TcpSink> sink;
  };

  Simulation(const Scenario& scenario, int side);
  Status Build();
  double FlowRttMs(int group, int64_t index) const;
  Time FlowStartTime(int group, int64_t index, int64_t count) const;
  void SetFlows(int group, int64_t count, bool at_start);
  TrafficProbe MakeProbe();

  Scenario scenario_;
  int side_;
  Time end_;
  EventLoop loop_;
  PacketPool pool_;
  std::unique_ptr<QueueLink> bottleneck_;
  std::unique_ptr<Pipe> reverse_;
  std::vector<std::unique_ptr<Flow>> flows_;
  std::vector<std::vector<Flow*>> groups_;
  std::vector<int64_t> active_;  // per group: flows [0, active) are running
  std::unique_ptr<MetricRecorder> recorder_;
};

// The run summary as JSON (the CLI's output, the page's table).
std::string SummaryToJson(const Summary& s, const std::string& side_name, const std::string& aqm);

}  // namespace aqmlab
