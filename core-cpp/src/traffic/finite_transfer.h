// One finite TCP transfer at a time over a NewReno TcpSource/TcpSink pair
// (traffic/tcp.h, which knows no size). Short flows (short_flows.h) and HTTP
// pages (http_session.h) share it. Two small hops on the pair's own routes
// make the transfer finite:
//   data: gate -> forward path... -> TcpSink
//   ACKs: reverse path... -> watch -> TcpSource   (WatchAt::kSender)
//     or: watch -> reverse path... -> TcpSource   (WatchAt::kReceiver)
// The gate discards, before they enter the network, segments numbered at or
// past the transfer's size (the source believes it may send them; they are
// never seen, so they draw no ACKs, and a real sender with nothing left to
// send behaves alike); a transfer of a byte count trims its last segment to
// the bytes left. The watch sees the ACK that covers the last segment and
// tells the owner, who ends the transfer: at the sender (the ACK is back) or
// at the receiver (the moment the sink sends it: the receiver has it all).
// One difference from a true finite sender remains: after a loss near the
// end, FlightSize (and so the halved ssthresh) counts the discarded
// segments; it affects only the last window of a transfer.
//
// Wiring: FiniteTransfer(loop, pool, flow, class, tcp, paths, watch, owner,
// &segments_entered): the gate adds every segment it lets through to the
// owner's count, retransmissions included. Begin* starts the source, End
// stops it (a final ACK still travelling is then ignored).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "traffic/tcp.h"

namespace aqmlab {

struct TransferPaths {
  std::vector<PacketReceiver*> forward;  // after the sender, before the receiver
  std::vector<PacketReceiver*> reverse;  // after the receiver, before the sender
  int8_t meter = 0;                      // Route::meter of the data route
};

class FiniteTransfer {
 public:
  enum class WatchAt : uint8_t { kSender, kReceiver };
  class Owner {
   public:
    // The watch saw the last segment's ACK (after it reached the source).
    virtual void TransferDone() = 0;

   protected:
    ~Owner() = default;
  };

  FiniteTransfer(EventLoop& loop, PacketPool& pool, int32_t flow, int16_t traffic_class,
                 const TcpConfig& tcp, const TransferPaths& paths, WatchAt watch, Owner* owner,
                 int64_t* segments_entered);
  FiniteTransfer(const FiniteTransfer&) = delete;
  FiniteTransfer& operator=(const FiniteTransfer&) = delete;

  // `segments` whole segments.
  void BeginSegments(int64_t segments);
  // `bytes` in whole segments with a shorter last one.
  void BeginBytes(Bytes bytes);
  // Without limit, until End (a timed flow).
  void BeginUnlimited();
  void End();
  bool active() const { return active_; }

  TcpSource& source() { return source_; }
  const TcpSource& source() const { return source_; }
  TcpSink& sink() { return sink_; }
  const TcpSink& sink() const { return sink_; }

 private:
  // First hop of the data route: lets through only segments of the transfer.
  struct Gate final : PacketReceiver {
    explicit Gate(FiniteTransfer& t) : transfer(t) {}
    void Receive(Packet* p) override;
    FiniteTransfer& transfer;
  };
  // On the ACK route: spots the ACK of the last segment.
  struct Watch final : PacketReceiver {
    explicit Watch(FiniteTransfer& t) : transfer(t) {}
    void Receive(Packet* ack) override;
    FiniteTransfer& transfer;
  };
  void Begin(std::optional<int64_t> segments);

  PacketPool& pool_;
  Bytes segment_bytes_;
  Owner* owner_;
  int64_t* segments_entered_;
  Gate gate_;
  Watch watch_;
  Route data_;
  Route acks_;
  TcpSource source_;
  TcpSink sink_;
  bool active_ = false;
  std::optional<int64_t> limit_;  // segments; none while the transfer is timed
  Bytes last_bytes_ = 0;          // of the last segment; 0: a whole one
};

}  // namespace aqmlab
