// A sender's response function (traffic/cc/response_function.h) evaluated
// for the page and the CLI: the mean window and rate a long-lived flow of
// that controller keeps at each signal probability p on a path of round trip
// R, by the controller's own law, so the page draws the law the lab states
// rather than a copy of it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "scenario/json_reader.h"
#include "sim/result.h"
#include "traffic/cc/registry.h"

namespace aqmlab::analysis {

struct SenderResponsePoint {
  double p = 0;
  double window = 0;     // segments
  double rate_mbps = 0;  // window * segment_bytes * 8 / R
  std::string region;
};

struct SenderResponseRequest {
  std::string sender;
  ParamOverrides params;
  double rtt_s = 0.1;
  double segment_bytes = 1500;
  std::vector<double> p;
};

// The law at every p of the request; an error names the field (an unknown
// sender, one without a response function, a parameter out of range).
Result<std::vector<SenderResponsePoint>> EvaluateSenderResponse(const SenderResponseRequest& r);

// {"sender", "params": {name: value}, "rtt_s", "segment_bytes", "p": [...]}
// -> {"ok", "sender", "signal", "points": [{"p", "window_segments",
// "rate_mbps", "region"}]}, or {"ok": false, "error"}. Errors name the
// field under `path` (a model file's "sender_response").
Json SenderResponseJson(const Json& request, const std::string& path = "");

}  // namespace aqmlab::analysis
