#include "traffic/short_flows.h"


namespace aqmlab {

Status ValidateShortFlowConfig(const ShortFlowConfig& c) {
  using Law = ShortFlowConfig::SizeLaw;
  if (!(c.arrival_rate > 0)) return {"arrival_rate: must be positive"};
  if (c.max_active < 1) return {"max_active: must be at least 1"};
  switch (c.law) {
    case Law::kFixedPackets:
      if (c.fixed_packets < 1) return {"fixed_packets: must be at least 1"};
      break;
    case Law::kParetoPackets:
      if (!(c.pareto_mean_packets >= 1)) return {"pareto_mean_packets: must be at least 1"};
      if (!(c.pareto_shape > 1)) return {"pareto_shape: must exceed 1 (the mean must exist)"};
      break;
    case Law::kUniformDuration:
      if (c.duration_min.ns() <= 0 || c.duration_max < c.duration_min) {
        return {"duration_min, duration_max: need 0 < min <= max"};
      }
      break;
  }
  if (c.tcp.segment_bytes < 1) return {"tcp.segment_bytes: must be at least 1"};
  return {};
}

// One flow's machinery, reused by the flows that follow it in this slot.
struct ShortFlowSource::Slot final : EventTarget, FiniteTransfer::Owner {
  Slot(ShortFlowSource& o, int32_t flow_id)
      : owner(o), flow(flow_id),
        transfer(o.loop_, o.pool_, flow_id, o.id_.traffic_class, o.config_.tcp, o.paths_,
                 FiniteTransfer::WatchAt::kSender, this, &o.stats_.segments_entered),
        end_timer(o.loop_, this, 0) {}
  // The last segment's ACK is back at the sender.
  void TransferDone() override { owner.Finish(*this, true); }
  // The duration of a timed flow is over.
  void OnEvent(uint32_t) override { owner.Finish(*this, true); }

  ShortFlowSource& owner;
  int32_t flow;
  FiniteTransfer transfer;
  Timer end_timer;
  Time started;
};

ShortFlowSource::ShortFlowSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id,
                                 const ShortFlowPaths& paths, const ShortFlowConfig& config)
    : loop_(loop), pool_(pool), id_(id), paths_(paths), config_(config),
      rng_(id.seed, StreamPurpose::kTraffic, id.stream_index), arrival_timer_(loop, this, 0) {}

ShortFlowSource::~ShortFlowSource() = default;

void ShortFlowSource::Start() {
  if (running_) return;
  running_ = true;
  ScheduleArrival();
}

void ShortFlowSource::Stop() {
  running_ = false;
  arrival_timer_.Cancel();
}

void ShortFlowSource::Abort() {
  Stop();
  for (auto& slot : slots_) Finish(*slot, false);
}

void ShortFlowSource::SetArrivalRate(double flows_per_second) {
  config_.arrival_rate = flows_per_second;
  if (running_) ScheduleArrival();  // memoryless: redrawing from now is exact
}

double ShortFlowSource::offered_bps() const {
  using Law = ShortFlowConfig::SizeLaw;
  double mean_packets = 0;
  if (config_.law == Law::kFixedPackets) mean_packets = static_cast<double>(config_.fixed_packets);
  if (config_.law == Law::kParetoPackets) mean_packets = config_.pareto_mean_packets;
  return config_.arrival_rate * mean_packets * static_cast<double>(config_.tcp.segment_bytes) * 8.0;
}

void ShortFlowSource::OnEvent(uint32_t) {
  if (!running_) return;
  Launch();
  ScheduleArrival();
}

void ShortFlowSource::ScheduleArrival() {
  arrival_timer_.Arm(loop_.now() + Time::Seconds(rng_.Exponential(1.0 / config_.arrival_rate)));
}

ShortFlowSource::Slot* ShortFlowSource::TakeSlot() {
  if (!free_.empty()) {
    Slot* s = free_.back();
    free_.pop_back();
    return s;
  }
  if (static_cast<int64_t>(slots_.size()) >= config_.max_active) return nullptr;
  const auto flow = id_.flow + static_cast<int32_t>(slots_.size());
  slots_.push_back(std::make_unique<Slot>(*this, flow));
  return slots_.back().get();
}

void ShortFlowSource::Launch() {
  using Law = ShortFlowConfig::SizeLaw;
  ++stats_.arrivals;
  Slot* slot = TakeSlot();
  if (!slot) {
    ++stats_.refused;
    return;
  }
  const Time now = loop_.now();
  slot->started = now;
  ++active_;
  switch (config_.law) {
    case Law::kFixedPackets:
      slot->transfer.BeginSegments(config_.fixed_packets);
      break;
    case Law::kParetoPackets: {
      const auto n = static_cast<int64_t>(
          rng_.Pareto(config_.pareto_mean_packets, config_.pareto_shape) + 0.5);
      slot->transfer.BeginSegments(n < 1 ? 1 : n);
      break;
    }
    case Law::kUniformDuration:
      slot->end_timer.Arm(now + Time::Seconds(rng_.Uniform(config_.duration_min.seconds(),
                                                             config_.duration_max.seconds())));
      slot->transfer.BeginUnlimited();
      break;
  }
}

void ShortFlowSource::Finish(Slot& slot, bool record) {
  if (!slot.transfer.active()) return;
  if (record) {
    ++stats_.completed;
    completions_.push_back(
        FlowCompletion{slot.flow, slot.started, loop_.now(), slot.transfer.source().acked()});
  }
  slot.transfer.End();
  slot.end_timer.Cancel();
  --active_;
  free_.push_back(&slot);
}

}  // namespace aqmlab
