// A congestible link: a queue discipline feeding a serialiser, then the wire
// (a Pipe carrying the propagation delay to the next hop). It schedules one
// event per packet, at the end of its transmission.
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "net/packet.h"
#include "net/pipe.h"
#include "net/queue_disc.h"
#include "sim/event_loop.h"

namespace aqmlab {

class QueueLink final : public PacketReceiver {
 public:
  QueueLink(EventLoop& loop, double rate_bps, Time delay, std::unique_ptr<QueueDisc> disc);

  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag) override;

  QueueDisc& disc() { return *disc_; }
  // Switches discipline mid-run (QueueDisc::HandOver): the waiting packets,
  // the counters, the packet on the wire and, with `keep_state`, RED's
  // running state stay; the old discipline is kept (retired) so that a timer
  // event still pending for it finds it.
  void ReplaceDisc(std::unique_ptr<QueueDisc> next, bool keep_state);
  const QueueDisc& disc() const { return *disc_; }
  double rate_bps() const { return rate_.bps(); }
  void SetRate(double bps);
  void SetDelay(Time d) { wire_.set_delay(d); }
  Time delay() const { return wire_.delay(); }
  bool busy() const { return in_service_ != nullptr; }
  // Total time spent transmitting, for utilisation.
  Time busy_time() const {
    return in_service_ ? busy_accum_ + std::min(loop_.now() - service_started_, service_wire_)
                       : busy_accum_;
  }

  // Observes every packet as it starts its transmission (metrics).
  class DepartureObserver {
   public:
    virtual void OnDepart(const Packet& p, Time sojourn) = 0;

   protected:
    ~DepartureObserver() = default;
  };
  void set_observer(DepartureObserver* o) { observer_ = o; }

 private:
  void StartNext();

  EventLoop& loop_;
  BitsPerSecond rate_;
  std::unique_ptr<QueueDisc> disc_;
  std::vector<std::unique_ptr<QueueDisc>> retired_;
  Pipe wire_;
  Packet* in_service_ = nullptr;
  Time service_started_;
  // The packet in service's time on the wire at the link's rate; a shaper
  // below that rate holds the link longer, and only this part is busy.
  Time service_wire_;
  Time busy_accum_;
  DepartureObserver* observer_ = nullptr;
};

}  // namespace aqmlab
