// The queue-discipline base. It owns the FIFO and all accounting: the public
// Enqueue/Dequeue count every arrival, departure, mark and drop (by reason)
// and then consult the discipline's private hooks, so no discipline can skip
// the counters. Disciplines never see the clock or the RNG directly: `now`
// and a uniform draw arrive in the hook's context.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "aqm/aqm.h"
#include "net/packet.h"
#include "sim/event_loop.h"
#include "sim/result.h"
#include "sim/rng.h"

namespace aqmlab {

// Everything a discipline is built with.
struct QueueDiscEnv {
  LinkContext link;
  EventLoop* loop = nullptr;
  PacketPool* pool = nullptr;
  uint64_t seed = 1;
};

struct QueueCounters {
  int64_t arrivals = 0;
  int64_t departures = 0;
  int64_t marks = 0;
  std::array<int64_t, static_cast<size_t>(DropReason::kCount)> drops{};
  Bytes arrival_bytes = 0;
  Bytes departure_bytes = 0;

  int64_t drops_total() const {
    int64_t sum = 0;
    for (int64_t d : drops) sum += d;
    return sum;
  }
  int64_t drops_of(DropReason r) const { return drops[static_cast<size_t>(r)]; }
};

class QueueDisc : public EventTarget {
 public:
  explicit QueueDisc(const QueueDiscEnv& env);
  virtual ~QueueDisc() = default;
  QueueDisc(const QueueDisc&) = delete;
  QueueDisc& operator=(const QueueDisc&) = delete;

  // Returns false when the packet was dropped (and released to the pool).
  bool Enqueue(Packet* p);
  // The next packet for the wire, or nullptr: the link then goes idle.
  Packet* Dequeue();

  int64_t packets() const { return fifo_.size(); }
  Bytes bytes() const { return fifo_.bytes(); }
  const QueueCounters& counters() const { return counters_; }
  const LinkContext& link() const { return env_.link; }

  // Live changes from the timeline. Parameters are validated in full before
  // any state changes; on error nothing is touched.
  virtual const AqmDescriptor& descriptor() const = 0;
  virtual Status SetParam(std::string_view name, double value) = 0;
  virtual double GetParam(std::string_view name) const = 0;
  void SetCapacity(double bps);
  void SetEcn(bool ecn) { env_.link.ecn = ecn; }

  // The drop/mark probability the law currently applies, p(t).
  virtual double probability() const = 0;
  // The law's inner variables, in the order of descriptor().signals.
  virtual void ReadSignals(std::span<double> out) const { (void)out; }

  void OnEvent(uint32_t tag) override;

 protected:
  virtual Decision OnArrival(const ArrivalContext& ctx) = 0;
  virtual Decision OnDeparture(const DepartureContext& ctx) {
    (void)ctx;
    return Decision::kPass;
  }
  virtual void OnIdleStart(Time now) { (void)now; }
  virtual void OnIdleEnd(Time now) { (void)now; }
  virtual void OnTimer(Time now) { (void)now; }
  virtual void OnCapacityChanged() {}

  // Calls OnTimer every `period` from now on (a periodic controller).
  void StartPeriodicTimer(Time period);
  bool link_idle() const { return idle_; }

 private:
  void Drop(Packet* p, DropReason reason);
  // Applies a kCongest/kForceDrop verdict; returns false if the packet is gone.
  bool Signal(Packet* p, Decision d);

  QueueDiscEnv env_;
  RandomStream rng_;
  PacketList fifo_;
  QueueCounters counters_;
  Time timer_period_;
  bool idle_ = true;
};

}  // namespace aqmlab
