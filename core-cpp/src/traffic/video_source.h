// Video-like VBR (the AAQM paper's MPEG-4 RTP flows, without a trace): a
// frame every 1 / frame_rate seconds; frame types follow a repeating GOP
// pattern (e.g. "IBBPBBPBBPBB") whose I, P and B frames have mean sizes in
// the ratio i_ratio : p_ratio : b_ratio, scaled so the mean over the GOP is
// mean_frame_bytes. Each frame's size is its type's mean times a lognormal
// factor of mean 1 and coefficient of variation size_cv (0: none). A frame
// leaves as a burst of back-to-back packets of at most packet_bytes (the
// last one carries the remainder); the access link serialises the burst.
//
// Wiring: VideoSource(loop, pool, identity, config) with ValidateVideoConfig
// ok. Start() sends an I frame at once (or, with random_phase, starts at a
// uniform point of the GOP after a uniform fraction of a frame interval).
// SetBitRate / SetMeanFrameBytes apply from the next frame.
#pragma once

#include <string>
#include <vector>

#include "traffic/open_loop_source.h"

namespace aqmlab {

struct VideoConfig {
  double frame_rate = 25;            // frames per second
  Bytes mean_frame_bytes = 4000;     // over the GOP
  std::string gop = "IBBPBBPBBPBB";  // letters I, P, B
  double i_ratio = 5;
  double p_ratio = 2;
  double b_ratio = 1;
  double size_cv = 0.2;        // per-frame variability about the type's mean
  Bytes packet_bytes = 1000;   // largest packet; frames are split into these
  bool random_phase = false;
};

Status ValidateVideoConfig(const VideoConfig& c);

class VideoSource final : public OpenLoopSource {
 public:
  VideoSource(EventLoop& loop, PacketPool& pool, const SourceIdentity& id, const VideoConfig& config);

  int64_t frames_sent() const { return frames_sent_; }
  // Mean size of frame `position` of the GOP, before the random factor.
  double nominal_frame_bytes(size_t position) const;
  void SetMeanFrameBytes(Bytes mean);
  void SetBitRate(double bps);
  double offered_bps() const override;
  void SetOfferedBps(double bps) override { SetBitRate(bps); }

 protected:
  void OnStart() override;
  void OnTimer() override;

 private:
  double StandardNormal();
  void SendFrame(Bytes frame_bytes);

  VideoConfig config_;
  std::vector<double> relative_;  // per GOP position, mean 1 over the GOP
  double log_sigma_;              // of the lognormal factor
  Time interval_;
  size_t position_ = 0;
  Time next_;
  int64_t frames_sent_ = 0;
};

}  // namespace aqmlab
