// The contract between the queue base (queue_disc.h) and the disciplines of
// aqm/, which implement it: the decision a control law returns, the
// contexts it is called with, and the declarative description (parameter
// table and inner signals) from which validation, the CLI listing, the URL
// codec and the page's sliders are all generated.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/time.h"

namespace aqmlab {

// The law's verdict on one packet. kCongest means "signal congestion": the
// queue marks CE when ECN is on and the packet is ECN-capable, else drops.
// kForceDrop drops even ECN-capable packets (e.g. RED above its upper bound).
enum class Decision : uint8_t { kPass, kCongest, kForceDrop };

enum class DropReason : uint8_t {
  kOverflow,  // the buffer was full
  kForced,    // the law demanded a drop regardless of ECN
  kEarly,     // a probabilistic congestion signal that could not be a mark
  kCount
};

enum class ParamKind : uint8_t { kReal, kInteger, kToggle };

// How a control moves over a parameter: in steps, or in ratios where the
// parameter spans decades (RED's weight, a controller's gains).
enum class ParamScale : uint8_t { kLinear, kLog };

struct ParamRange {
  double min = 0;
  double max = 0;
};

struct ParamSpec {
  std::string_view name;
  std::string_view label;
  std::string_view unit;
  ParamKind kind = ParamKind::kReal;
  double default_value = 0;
  double min = 0;
  double max = 0;
  double step = 0;
  std::string_view help;
  // When > 0 the default is this fraction of the buffer (in packets), e.g. a
  // threshold at B/4, resolved against the scenario before the run starts.
  double buffer_fraction = 0;
  ParamScale scale = ParamScale::kLinear;
  // The values the parameter usually takes, inside [min, max]: a control
  // covers them and asks before applying another. None: all of [min, max].
  std::optional<ParamRange> sensible = std::nullopt;
  // A queue length (a threshold, a target): above the buffer the queue never
  // reaches it, so a control stops at the buffer.
  bool buffer_bound = false;
};

// Table rows read as the paper's parameter plus what a control needs to know:
// {LogScale({...}, 1e-5, 0.1), &Params::wq}, {BufferBound({...}), &Params::max_th}.
constexpr ParamSpec LogScale(ParamSpec spec, double sensible_min, double sensible_max) {
  spec.scale = ParamScale::kLog;
  spec.sensible = ParamRange{sensible_min, sensible_max};
  return spec;
}

constexpr ParamSpec BufferBound(ParamSpec spec) {
  spec.buffer_bound = true;
  return spec;
}

struct SignalSpec {
  std::string_view name;
  std::string_view label;
  std::string_view unit;
};

// One queue of a discipline that keeps several behind its link (DualPI2's L
// and Classic). The discipline tags each packet it stores with the queue's
// index here (Packet::queue) and counts each queue's backlog
// (QueueDisc::QueuePackets); the recorder samples each queue's length, mean
// delay and throughput as columns "queue.<name>.<column>" (metrics/columns.h)
// and the run summary gives each one's figures. Flow queues, which come and
// go with the flows, are not listed.
struct QueueSpec {
  std::string_view name;   // a column name part: "l", "c"
  std::string_view label;  // as the page writes it: "L queue"
};

// What the page teaches a discipline with (its theory panel): the law in
// TeX (typeset by KaTeX), the variables whose live values sit beside it, one
// paragraph on the idea (written for the lab from the spec,
// ../shared/spec/aqm-algorithms.md) and the paper it comes from.
enum class LawSource : uint8_t { kParam, kSignal, kColumn };
struct LawVariable {
  std::string_view tex;  // the symbol, as the law writes it
  LawSource source;
  // A parameter, an inner signal (SignalSpec), or a metric column of the
  // run (queue_pkts, p).
  std::string_view name;
};
struct LawText {
  std::string_view tex;
  std::string_view idea;
  std::string_view paper;
  std::vector<LawVariable> variables;
};

// A parameter that is a level on one of the page's charts (a threshold, a
// target), drawn as a line across it. Rates, weights, gains and intervals
// are not levels.
enum class LevelChart : uint8_t { kQueue, kDelay };  // packets, milliseconds
struct ChartLevel {
  std::string_view param;
  LevelChart chart;
  std::string_view label;
  double scale = 1;          // multiplies the parameter into the chart's unit
  std::string_view when_on;  // a toggle parameter that must be on; "" always
};

// What the page tells a newcomer about a discipline, beside its parameters:
// a few plain sentences, and the kind of picture its law is drawn as. A
// curve is the probability against the queue, sampled from the discipline's
// own static curve (DisciplineTheory::drop_curve, or none at all for
// drop-tail) by analysis/law_curve.h; a loop is the controller's feedback
// loop, whose boxes these fields name.
enum class LawPicture : uint8_t { kCurve, kLoop };
struct Explanation {
  std::string_view plain;
  LawPicture picture = LawPicture::kLoop;
  std::string_view measures;  // what the loop watches, e.g. "queue length"
  // Its set-point: a parameter's name, or "" when the target is no one
  // parameter; target_text then says it in words.
  std::string_view target_param;
  std::string_view target_text;
  std::string_view sets;      // what the loop moves, e.g. "drop probability p"
  // A curve's law: the early-drop probability at queue q (packets) under
  // these parameter values; null for drop-tail, which drops only when full.
  double (*curve)(const std::map<std::string, double>& params, double q) = nullptr;
};

struct AqmDescriptor {
  std::string_view name;     // registry key, e.g. "red"
  std::string_view label;    // e.g. "RED (gentle)"
  std::string_view source;   // paper or RFC
  std::string_view summary;  // what it controls, one sentence
  std::vector<ParamSpec> params;
  std::vector<SignalSpec> signals;
  LawText law;
  std::vector<ChartLevel> levels;
  // Empty for a discipline with one queue.
  std::vector<QueueSpec> queues = {};
};

// What a discipline knows of the link it guards when it is built.
struct LinkContext {
  double capacity_bps = 10e6;
  Bytes typical_packet = 500;  // the scenario's packet size
  int64_t buffer_packets = 200;
  bool ecn = false;            // whether the queue may mark instead of drop
  // With ECN, a congestion verdict marks only while the discipline's
  // probability is below this, and drops above (ns-2 RED's mark_p); above 1
  // (the default) every verdict on an ECN-capable packet marks.
  double ecn_mark_p = 2;
  Time TypicalTransmissionTime() const {
    return Time::Nanos(static_cast<int64_t>(static_cast<double>(typical_packet) * 8e9 / capacity_bps));
  }
  double CapacityPacketsPerSecond() const {
    return capacity_bps / (8.0 * static_cast<double>(typical_packet));
  }
};

struct ArrivalContext {
  Time now;
  Bytes packet_bytes;
  int64_t queue_packets;  // waiting, before this packet
  Bytes queue_bytes;
  bool buffer_full;       // the packet will be dropped whatever the law says
  double uniform;         // a fresh draw in [0, 1)
};

// What a queue measuring in packets or, in byte mode, in typical packets sees
// at an arrival: the queue before it and the arrival's size in typical
// packets (1 outside byte mode). RED's family and LRED share it.
struct ArrivalMeasure {
  double queue;
  double size_ratio;
};
inline ArrivalMeasure MeasureArrival(bool byte_mode, const ArrivalContext& ctx,
                                     Bytes typical_packet) {
  if (!byte_mode) return {static_cast<double>(ctx.queue_packets), 1.0};
  const double typical = static_cast<double>(typical_packet);
  return {static_cast<double>(ctx.queue_bytes) / typical,
          static_cast<double>(ctx.packet_bytes) / typical};
}

struct DepartureContext {
  Time now;
  Bytes packet_bytes;
  Time sojourn;           // time this packet waited in the queue
  int64_t queue_packets;  // still waiting, after this packet left
  Bytes queue_bytes;
  double uniform;
};

// What a discipline hands on to its successor at a mid-run switch
// (QueueDisc::HandOver with keep_state): a family's own running state,
// opaque to the base; a successor takes over only a kind it knows (RED's
// family: aqm/red/red_law.h).
class RunningState {
 public:
  virtual ~RunningState() = default;
};

}  // namespace aqmlab
