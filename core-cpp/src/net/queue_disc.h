// The queue-discipline base. It owns all accounting: the public
// Enqueue/Dequeue count every arrival, departure, mark and drop (by reason)
// and the backlog, and then consult the discipline's private hooks, so no
// discipline can skip the counters. Disciplines never see the clock or the
// RNG directly: `now` and a uniform draw arrive in the hook's context.
//
// Storage: by default the base keeps the packets in one FIFO, inline and
// without virtual calls (the hot path). A flow-queueing discipline (FQ-CoDel)
// calls UseOwnStorage() in its constructor and overrides StorePacket /
// NextPacket / OverflowVictim; the base still moves every packet in and out,
// counts it, and is the only one that can drop it (only it holds the pool).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "net/discipline.h"
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
  uint64_t stream = 0;  // index of the discipline's random stream (one per queue)
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

  int64_t packets() const { return own_storage_ ? own_packets_ : fifo_.size(); }
  Bytes bytes() const { return own_storage_ ? own_bytes_ : fifo_.bytes(); }
  const QueueCounters& counters() const { return counters_; }
  const LinkContext& link() const { return env_.link; }

  // Live changes from the timeline. Parameters are validated in full before
  // any state changes; on error nothing is touched.
  virtual const AqmDescriptor& descriptor() const = 0;
  virtual Status SetParam(std::string_view name, double value) = 0;
  // What SetParam would answer, without changing anything.
  virtual Status CheckParam(std::string_view name, double value) const = 0;
  virtual double GetParam(std::string_view name) const = 0;
  void SetCapacity(double bps);
  void SetEcn(bool ecn) { env_.link.ecn = ecn; }
  // A rate below the link's at which the discipline lets packets leave (a
  // shaper: CAKE's bandwidth); 0 for none. The link then holds each packet
  // for its size at this rate before starting the next.
  double shaper_bps() const { return shaper_bps_; }

  // The drop/mark probability the law currently applies, p(t).
  virtual double probability() const = 0;
  // Packets waiting in queue `i` of descriptor().queues (a discipline with
  // several overrides it); the whole backlog for a discipline with one.
  virtual int64_t QueuePackets(size_t i) const {
    (void)i;
    return packets();
  }
  // The law's inner variables, in the order of descriptor().signals.
  virtual void ReadSignals(std::span<double> out) const { (void)out; }

  void OnEvent(uint32_t tag) override;

  // Sees every packet the queue drops, just before it goes back to the pool
  // (per-class loss). Only the drop path pays for it.
  class DropObserver {
   public:
    virtual void OnDrop(const Packet& p, DropReason reason) = 0;

   protected:
    ~DropObserver() = default;
  };
  void set_drop_observer(DropObserver* o) { drop_observer_ = o; }

  // A mid-run switch of discipline: moves every waiting packet to `next`, in
  // the order this one would have sent them and with their enqueue times, and
  // with them the counters, the drop observer and whether the link is idle.
  // No law judges the moved packets. With `keep_state`, `next` is offered
  // this one's running_state() and takes over what it knows of it;
  // otherwise it starts from its own initial state. This queue is then empty and retired:
  // its periodic timer stops at its next tick (the caller keeps it alive
  // until then).
  void HandOver(QueueDisc& next, bool keep_state);

  // The state a successor may take over (net/discipline.h); null for a
  // discipline that hands nothing on.
  virtual std::unique_ptr<RunningState> running_state() const { return nullptr; }

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
  // Takes over what it knows of the running state of the discipline this one
  // replaces (HandOver); a kind it does not know is ignored.
  virtual void TakeOver(const RunningState& s) { (void)s; }

  // Calls OnTimer every `period` from now on (a periodic controller). Calling
  // it again only changes the period, from the next tick: one timer per queue.
  void StartPeriodicTimer(Time period);
  bool link_idle() const { return idle_; }
  void SetShaperRate(double bps) { shaper_bps_ = bps; }
  // Valid inside OnArrival/OnDeparture: whether a kCongest verdict on the
  // packet being decided would mark it (ECN on, packet ECN-capable, the
  // probability below the link's ecn_mark_p) rather than drop it. For laws whose state moves differently after a mark than
  // after a drop (CoDel's drop loop ends at a mark); the base still decides.
  bool CongestWouldMark() const { return Markable(deciding_); }
  // Valid inside OnArrival/OnDeparture: the flow of the packet being decided
  // (FQ-PIE judges an arrival by the state of its own flow's queue).
  int32_t DecidingFlow() const { return deciding_->flow; }
  // Valid inside OnArrival/OnDeparture: the ECN codepoint of the packet being
  // decided (CoDel's L4S threshold judges ECT(1) and CE packets alone).
  Ecn DecidingEcn() const { return deciding_->ecn; }

  // Storage hooks, used only after UseOwnStorage() (call it in the
  // constructor, before any packet arrives). The base keeps the counters and
  // the backlog; these only decide where packets wait and which leaves next.
  void UseOwnStorage() { own_storage_ = true; }
  // Keeps an admitted packet (its enqueued_at is already set).
  virtual void StorePacket(Packet* p) { (void)p; }
  // Removes and returns the next candidate for the wire at `now`; called only while
  // packets() > 0, and again after the candidate before it was dropped by
  // OnDeparture (a dequeue-time law may then drop several in a row).
  virtual Packet* NextPacket(Time now) {
    (void)now;
    return nullptr;
  }
  // The buffer is full and `arrival` is not stored yet (OnArrival has seen
  // buffer_full). Return `arrival` to refuse it, or remove a stored packet
  // and return it to make room; never nullptr. The base drops the victim.
  virtual Packet* OverflowVictim(Packet* arrival) { return arrival; }

 private:
  void Drop(Packet* p, DropReason reason);
  // Applies a kCongest/kForceDrop verdict; returns false if the packet is gone.
  bool Signal(Packet* p, Decision d);
  bool Markable(const Packet* p) const {
    return env_.link.ecn && EcnCapable(p->ecn) &&
           (env_.link.ecn_mark_p > 1 || probability() < env_.link.ecn_mark_p);
  }
  // Handles an arrival to a full buffer; returns whether `p` is still queued.
  bool Overflow(Packet* p, Time now);
  void Store(Packet* p, Time now);
  // Keeps a packet handed over by another queue, enqueue time and all.
  void Adopt(Packet* p);
  Packet* Take();

  QueueDiscEnv env_;
  RandomStream rng_;
  PacketList fifo_;  // the storage unless own_storage_
  bool own_storage_ = false;
  int64_t own_packets_ = 0;  // the backlog held by a discipline's own storage
  Bytes own_bytes_ = 0;
  const Packet* deciding_ = nullptr;  // the packet OnArrival/OnDeparture judges
  QueueCounters counters_;
  DropObserver* drop_observer_ = nullptr;
  Time timer_period_;
  bool timer_running_ = false;
  bool idle_ = true;
  double shaper_bps_ = 0;
  bool retired_ = false;  // handed its packets over: the timer stops
};

}  // namespace aqmlab
