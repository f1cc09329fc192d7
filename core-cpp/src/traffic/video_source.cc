#include "traffic/video_source.h"

#include <cmath>

namespace aqmlab {

namespace {

double RatioOf(const VideoConfig& c, char type) {
  switch (type) {
    case 'I': return c.i_ratio;
    case 'P': return c.p_ratio;
    default: return c.b_ratio;
  }
}

}  // namespace

Status ValidateVideoConfig(const VideoConfig& c) {
  if (!(c.frame_rate > 0) || c.frame_rate > 1e6) return {"frame_rate: must be in (0, 1e6]"};
  if (c.mean_frame_bytes < 1) return {"mean_frame_bytes: must be at least 1"};
  if (c.gop.empty()) return {"gop: must name at least one frame"};
  for (char t : c.gop) {
    if (t != 'I' && t != 'P' && t != 'B') return {"gop: only the letters I, P and B"};
  }
  if (!(c.i_ratio > 0) || !(c.p_ratio > 0) || !(c.b_ratio > 0)) {
    return {"i_ratio, p_ratio, b_ratio: must be positive"};
  }
  if (!(c.size_cv >= 0) || c.size_cv > 10) return {"size_cv: must be in [0, 10]"};
  if (c.packet_bytes < 1) return {"packet_bytes: must be at least 1"};
  return {};
}

VideoSource::VideoSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id,
                         const VideoConfig& config)
    : OpenLoopSource(loop, pool, id), config_(config),
      log_sigma_(std::sqrt(pmath::Log(1.0 + config.size_cv * config.size_cv))),
      interval_(Time::Seconds(1.0 / config.frame_rate)) {
  double sum = 0;
  for (char t : config_.gop) sum += RatioOf(config_, t);
  const double n = static_cast<double>(config_.gop.size());
  for (char t : config_.gop) relative_.push_back(RatioOf(config_, t) * n / sum);
}

double VideoSource::nominal_frame_bytes(size_t position) const {
  return relative_[position % relative_.size()] * static_cast<double>(config_.mean_frame_bytes);
}

void VideoSource::SetMeanFrameBytes(Bytes mean) { config_.mean_frame_bytes = mean < 1 ? 1 : mean; }

void VideoSource::SetBitRate(double bps) {
  SetMeanFrameBytes(static_cast<Bytes>(bps / (8.0 * config_.frame_rate) + 0.5));
}

double VideoSource::offered_bps() const {
  return static_cast<double>(config_.mean_frame_bytes) * 8.0 * config_.frame_rate;
}

void VideoSource::OnStart() {
  position_ = 0;
  next_ = now();
  if (config_.random_phase) {
    position_ = static_cast<size_t>(rng().Uniform() * static_cast<double>(relative_.size()));
    next_ += Time::Nanos(static_cast<int64_t>(rng().Uniform() * static_cast<double>(interval_.ns())));
  }
  ArmAt(next_);
}

// Marsaglia's polar method: only +, *, /, sqrt and log, so it is portable.
double VideoSource::StandardNormal() {
  for (;;) {
    const double u = 2.0 * rng().Uniform() - 1.0;
    const double v = 2.0 * rng().Uniform() - 1.0;
    const double s = u * u + v * v;
    if (s > 0 && s < 1) return u * std::sqrt(-2.0 * pmath::Log(s) / s);
  }
}

void VideoSource::OnTimer() {
  double bytes = nominal_frame_bytes(position_);
  if (log_sigma_ > 0) {
    // Lognormal with mean 1: exp(sigma Z - sigma^2 / 2), sigma^2 = ln(1 + cv^2).
    bytes *= pmath::Exp(log_sigma_ * StandardNormal() - 0.5 * log_sigma_ * log_sigma_);
  }
  const auto frame = static_cast<Bytes>(bytes + 0.5);
  SendFrame(frame < 1 ? 1 : frame);
  position_ = (position_ + 1) % relative_.size();
  next_ += interval_;
  ArmAt(next_);
}

void VideoSource::SendFrame(Bytes frame_bytes) {
  ++frames_sent_;
  while (frame_bytes > config_.packet_bytes) {
    Emit(config_.packet_bytes);
    frame_bytes -= config_.packet_bytes;
  }
  Emit(frame_bytes);
}

}  // namespace aqmlab
