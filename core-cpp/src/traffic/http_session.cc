#include "traffic/http_session.h"

#include <cmath>

namespace aqmlab {

namespace {
constexpr uint32_t kRequestGeneration = 0;
const Time kFirstRequestTimeout = Time::Seconds(1);
constexpr int kMaxBackoff = 64;
}  // namespace

Status ValidateHttpConfig(const HttpConfig& c) {
  if (!(c.mean_page_bytes >= 1)) return {"mean_page_bytes: must be at least 1"};
  if (c.law == HttpConfig::PageLaw::kPareto && !(c.pareto_shape > 1)) {
    return {"shape: must exceed 1 (the mean must exist)"};
  }
  if (!(c.mean_think_s >= 0)) return {"mean_think_s: must not be negative"};
  if (c.request_bytes < 1) return {"request_bytes: must be at least 1"};
  if (c.tcp.segment_bytes < 1) return {"tcp.segment_bytes: must be at least 1"};
  return {};
}

HttpSession::HttpSession(EventLoop& loop, PacketPool& pool, const SourceIdentity& id,
                         const HttpPaths& paths, const HttpConfig* config)
    : loop_(loop), pool_(pool), id_(id), config_(config),
      rng_(id.seed, StreamPurpose::kTraffic, id.stream_index), server_(*this),
      transfer_(loop, pool, id.flow, id.traffic_class, config->tcp, paths,
                FiniteTransfer::WatchAt::kReceiver, this, &stats_.segments_entered),
      timer_(loop, this, kRequestGeneration) {
  requests_.hops = paths.reverse;
  requests_.hops.push_back(&server_);
  requests_.meter = Route::kNoMeter;
}

void HttpSession::Start() {
  if (running()) return;
  NewRequest();
}

void HttpSession::Stop() {
  phase_ = Phase::kIdle;
  timer_.Cancel();
  transfer_.End();
  ++page_;  // a request still on its way is ignored on arrival
}

void HttpSession::ThinkChanged() {
  if (phase_ == Phase::kThinking) {
    timer_.Arm(loop_.now() + Time::Seconds(rng_.Exponential(config_->mean_think_s)));
  }
}

void HttpSession::NewRequest() {
  ++page_;
  attempts_ = 0;
  requested_ = loop_.now();
  phase_ = Phase::kRequesting;
  SendRequest();
}

void HttpSession::SendRequest() {
  Packet* p = pool_.Allocate();
  p->flow = id_.flow;
  p->seq = page_;
  p->size = config_->request_bytes;
  p->flags = kFlagAck;
  p->traffic_class = id_.traffic_class;
  p->route = &requests_;
  ++stats_.requests_sent;
  const int backoff = attempts_ < 6 ? 1 << attempts_ : kMaxBackoff;
  ++attempts_;
  timer_.Arm(loop_.now() + kFirstRequestTimeout * backoff);
  Forward(p);
}

void HttpSession::OnEvent(uint32_t) {
  if (phase_ == Phase::kRequesting) {
    SendRequest();
  } else if (phase_ == Phase::kThinking) {
    NewRequest();
  }
}

void HttpSession::BeginPage() {
  using Law = HttpConfig::PageLaw;
  double bytes = config_->mean_page_bytes;
  if (config_->law == Law::kExponential) bytes = rng_.Exponential(config_->mean_page_bytes);
  if (config_->law == Law::kPareto) bytes = rng_.Pareto(config_->mean_page_bytes, config_->pareto_shape);
  page_bytes_ = static_cast<Bytes>(bytes + 0.5);
  if (page_bytes_ < 1) page_bytes_ = 1;
  phase_ = Phase::kTransferring;
  timer_.Cancel();
  transfer_.BeginBytes(page_bytes_);
}

void HttpSession::EndPage() {
  pages_.push_back(PageCompletion{requested_, loop_.now(), page_bytes_});
  transfer_.End();  // the final ACK still travelling back is ignored
  phase_ = Phase::kThinking;
  timer_.Arm(loop_.now() + Time::Seconds(rng_.Exponential(config_->mean_think_s)));
}

void HttpSession::Server::Receive(Packet* request) {
  HttpSession& s = session;
  // Only the awaited request opens a page; a retry's duplicate, or a request
  // of a session since stopped, is ignored.
  const bool awaited = s.phase_ == Phase::kRequesting && request->seq == s.page_;
  s.pool_.Release(request);
  if (awaited) s.BeginPage();
}

}  // namespace aqmlab
