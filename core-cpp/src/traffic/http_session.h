// HTTP-like request/response sessions (AOPC exp 3: 1000 B pages, 1 s mean
// request interval). A session loops: the client sends a small request
// upstream; on its arrival the server sends the page over a fresh NewReno
// connection (traffic/tcp.h, one connection per page as in HTTP/1.0, so every
// page starts in slow start); when the client holds the whole page the
// session thinks for Exp(mean_think) and asks again. The page completion
// time runs from the request's first sending to the client's receipt of the
// page's last byte.
//
// Each page is a finite transfer (traffic/finite_transfer.h) of the page's
// bytes, a shorter last segment included, whose watch sits at the receiver:
// the page is complete the moment the client's sink sends the ACK of its
// last segment. Requests go over the way back to a small server hop:
//   request: reverse path... -> server
// Requests count as control packets (kFlagAck set): they are
// not data of the class. A request lost on the way is sent again after 1 s,
// then 2 s, 4 s ... (capped at 64 s), like a SYN.
//
// Wiring: HttpSession(loop, pool, identity, paths, config) with
// ValidateHttpConfig ok; `config` is shared by a group's sessions and must
// outlive them (set_rate changes its mean_think_s, then calls ThinkChanged).
// identity.flow is the session's flow id; identity.route is not used.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "traffic/finite_transfer.h"
#include "traffic/open_loop_source.h"

namespace aqmlab {

struct HttpConfig {
  enum class PageLaw : uint8_t { kExponential, kPareto, kFixed };
  double mean_page_bytes = 1000;
  PageLaw law = PageLaw::kExponential;
  double pareto_shape = 1.2;  // > 1
  double mean_think_s = 1;    // >= 0
  Bytes request_bytes = 100;
  TcpConfig tcp;
};

Status ValidateHttpConfig(const HttpConfig& c);

// forward: server -> client (the page); reverse: client -> server (requests, ACKs).
using HttpPaths = TransferPaths;

struct PageCompletion {
  Time requested;
  Time completed;
  Bytes bytes = 0;
};

struct HttpStats {
  int64_t requests_sent = 0;  // retries included
  int64_t segments_entered = 0;  // data segments past the gate, retransmissions included
};

class HttpSession final : public EventTarget, FiniteTransfer::Owner {
 public:
  HttpSession(EventLoop& loop, PacketPool& pool, const SourceIdentity& id, const HttpPaths& paths,
              const HttpConfig* config);
  HttpSession(const HttpSession&) = delete;
  HttpSession& operator=(const HttpSession&) = delete;

  // Start sends the first request now; Stop abandons the page in progress.
  void Start();
  void Stop();
  bool running() const { return phase_ != Phase::kIdle; }
  // The shared config's think time changed: a think in progress is drawn
  // again from now (exact, the law being memoryless).
  void ThinkChanged();

  const HttpStats& stats() const { return stats_; }
  const SinkStats& sink_stats() const { return transfer_.sink().stats(); }
  void AccumulateInto(Bytes* total) { transfer_.sink().AccumulateInto(total); }
  std::vector<PageCompletion>& pages() { return pages_; }

  void OnEvent(uint32_t tag) override;  // request retry or end of think
  void TransferDone() override { EndPage(); }  // the client holds the page

 private:
  enum class Phase : uint8_t { kIdle, kRequesting, kTransferring, kThinking };
  struct Server final : PacketReceiver {
    explicit Server(HttpSession& s) : session(s) {}
    void Receive(Packet* request) override;
    HttpSession& session;
  };

  void NewRequest();
  void SendRequest();
  void BeginPage();
  void EndPage();

  EventLoop& loop_;
  PacketPool& pool_;
  SourceIdentity id_;
  const HttpConfig* config_;
  RandomStream rng_;
  Server server_;
  Route requests_;
  // Before transfer_, which is handed the address of one of its counters.
  HttpStats stats_;
  FiniteTransfer transfer_;
  Timer timer_;

  Phase phase_ = Phase::kIdle;
  int64_t page_ = 0;      // the request number, carried in the request's seq
  int attempts_ = 0;      // of the current request
  Time requested_;
  Bytes page_bytes_ = 0;  // of the page in progress
  std::vector<PageCompletion> pages_;
};

}  // namespace aqmlab
