// The shared shape of every open-loop (unacknowledged) source: Poisson, CBR,
// on/off, MMPP-2 and video. A source owns its own random stream and a single
// re-armable Timer, so it keeps at most one live pending event whatever its
// state; each model only says when its next event is and what it does then.
//
// Wiring (for the scenario builder): construct with the loop, the pool, a
// SourceIdentity (flow id, traffic class, the Route its packets follow, and
// the seed and stream index of its RandomStream(seed, kTraffic, index)) and
// the model's config, which its Validate function has accepted. The route's
// last hop must release the packets (OpenLoopSink does and counts them).
// Start() at the group's start time; Stop()/Start() and the typed rate
// setters (or SetOfferedBps) from timeline events, applied at the current time.
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "sim/event_loop.h"
#include "sim/result.h"
#include "sim/rng.h"
#include "sim/time.h"

namespace aqmlab {

struct SourceIdentity {
  int32_t flow = 0;
  int16_t traffic_class = 0;
  const Route* route = nullptr;  // owned by the topology; outlives the source
  uint64_t seed = 1;
  uint64_t stream_index = 0;  // distinct per source within the scenario
};

// A packet-size law shared by the Poisson and MMPP sources.
struct PacketSizeLaw {
  enum class Kind : uint8_t { kFixed, kExponential };
  Kind kind = Kind::kFixed;
  Bytes mean_bytes = 500;

  // Exponential sizes are rounded to whole bytes, at least one.
  Bytes Draw(RandomStream& rng) const;
};

Status ValidatePacketSizeLaw(const PacketSizeLaw& law, const char* field);

struct OpenLoopStats {
  int64_t packets_sent = 0;
  Bytes bytes_sent = 0;
};

class OpenLoopSource : public EventTarget {
 public:
  OpenLoopSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id);
  virtual ~OpenLoopSource() = default;
  OpenLoopSource(const OpenLoopSource&) = delete;
  OpenLoopSource& operator=(const OpenLoopSource&) = delete;

  // Begins sending at the current time; a no-op while running. A restart
  // begins afresh (a new on/off state, a new GOP), it does not resume.
  void Start();
  // Sends nothing more; the pending event is cancelled.
  void Stop();
  bool running() const { return running_; }
  const OpenLoopStats& stats() const { return stats_; }
  int32_t flow() const { return id_.flow; }

  // The long-run mean rate (bits/s) while running, from the parameters.
  virtual double offered_bps() const = 0;
  // Scales the model's rate parameter(s) so offered_bps() becomes `bps`,
  // effective now (a timeline "change the group's rate" event). bps > 0.
  virtual void SetOfferedBps(double bps) = 0;

  void OnEvent(uint32_t tag) final;

 protected:
  // Schedule the first event (the source has just become running).
  virtual void OnStart() = 0;
  // The armed event is due (only called while running).
  virtual void OnTimer() = 0;
  virtual void OnStop() {}

  void ArmAt(Time at) { timer_.Arm(at); }
  void Disarm() { timer_.Cancel(); }
  // Sends one packet of `size` bytes along the route, now.
  void Emit(Bytes size, Ecn ecn = Ecn::kNotEct);
  Time now() const { return loop_.now(); }
  RandomStream& rng() { return rng_; }

 private:
  EventLoop& loop_;
  PacketPool& pool_;
  SourceIdentity id_;
  RandomStream rng_;
  Timer timer_;
  bool running_ = false;
  OpenLoopStats stats_;
};

// The time `remaining` of an interval that was `old_interval` long becomes
// when the interval changes to `new_interval` at `now`: the unfinished
// fraction is kept, so a rate change takes effect at once without a burst
// or a gap (and the bits sent follow the rate to within one packet).
Time RescaleRemaining(Time now, Time due, Time old_interval, Time new_interval);

// Serialisation-free spacing of `bytes` at `bps`, at least one nanosecond.
Time IntervalFor(Bytes bytes, double bps);

}  // namespace aqmlab
