// Exact time averages of one QueueLink's occupancy, for tests that hold a
// simulated queue against queueing theory (traffic/queueing_test.cc; the
// MMPP chain of spec/analysis.md sec. 1 can be checked the same way).
//
// Wiring: route = {&monitor, &link, ..., &tail} with link.set_observer(&monitor)
// and a MonitorTail as the last hop after the link (it releases the packets);
// MonitoredDropTail (below) is that wiring around a drop-tail queue.
#pragma once

#include <cstdint>
#include <memory>

#include "aqm/registry.h"
#include "net/packet.h"
#include "net/queue_link.h"
#include "sim/event_loop.h"

namespace aqmlab::testing {

// Integrates the waiting and in-system counts of one link over time. The
// counts change only at arrivals (this hop, just before the link), when a
// transmission starts (the link's departure observer) and when one ends
// (MonitorTail, just after the link): each visit adds the count held since
// the previous visit and rereads the link's state.
class QueueMonitor final : public PacketReceiver, public QueueLink::DepartureObserver {
 public:
  QueueMonitor(EventLoop& loop, const QueueLink& link) : loop_(loop), link_(link) {}
  void Receive(Packet* p) override {
    Touch();
    Forward(p);
    Touch();
  }
  void OnDepart(const Packet&, Time) override { Touch(); }
  void Touch() {
    const Time now = loop_.now();
    const int64_t dt = (now - last_).ns();
    waiting_area_ += waiting_ * dt;
    system_area_ += system_ * dt;
    last_ = now;
    waiting_ = link_.disc().packets();
    system_ = waiting_ + (link_.busy() ? 1 : 0);
  }
  // Forgets the past: integration starts now.
  void Restart() {
    Touch();
    waiting_area_ = system_area_ = 0;
    since_ = loop_.now();
  }
  double mean_waiting() const { return double(waiting_area_) / double((last_ - since_).ns()); }
  double mean_in_system() const { return double(system_area_) / double((last_ - since_).ns()); }

 private:
  EventLoop& loop_;
  const QueueLink& link_;
  Time last_;
  Time since_;
  int64_t waiting_ = 0;
  int64_t system_ = 0;
  int64_t waiting_area_ = 0;  // packet-nanoseconds: exact in 64 bits here
  int64_t system_area_ = 0;
};

struct MonitorTail final : PacketReceiver {
  MonitorTail(QueueMonitor& m, PacketPool& p) : monitor(m), pool(p) {}
  void Receive(Packet* p) override {
    monitor.Touch();
    pool.Release(p);
  }
  QueueMonitor& monitor;
  PacketPool& pool;
};

// A drop-tail queue of `buffer` waiting packets on a link of `bps`, wired to
// a QueueMonitor and a MonitorTail: open-loop sources send into `route`.
struct MonitoredDropTail {
  MonitoredDropTail(double bps, Bytes typical_packet, int64_t buffer)
      : link(loop, bps, Time(), DropTail(bps, typical_packet, buffer)), monitor(loop, link), tail(monitor, pool),
        route{{&monitor, &link, &tail}} {
    link.set_observer(&monitor);
  }

  struct Figures {
    double loss;  // drops / arrivals over the measurement
    double mean_waiting;  // exact time averages over it
    double mean_in_system;
  };
  // Runs the loop to `warmup_s`, then measures for `measure_s` more.
  Figures Measure(double warmup_s, double measure_s) {
    loop.RunUntil(Time::Seconds(warmup_s));
    monitor.Restart();
    const QueueCounters before = link.disc().counters();
    loop.RunUntil(Time::Seconds(warmup_s + measure_s));
    monitor.Touch();
    const QueueCounters& after = link.disc().counters();
    const double arrivals = double(after.arrivals - before.arrivals);
    const double drops = double(after.drops_total() - before.drops_total());
    return {drops / arrivals, monitor.mean_waiting(), monitor.mean_in_system()};
  }

  std::unique_ptr<QueueDisc> DropTail(double bps, Bytes typical_packet, int64_t buffer) {
    QueueDiscEnv env;
    env.link.capacity_bps = bps;
    env.link.typical_packet = typical_packet;
    env.link.buffer_packets = buffer;
    env.loop = &loop;
    env.pool = &pool;
    return std::move(FindAqm("droptail")->create(env, {}).value());
  }

  // In this order: each is built from those before it.
  EventLoop loop;
  PacketPool pool;
  QueueLink link;
  QueueMonitor monitor;
  MonitorTail tail;
  Route route;
};

}  // namespace aqmlab::testing
