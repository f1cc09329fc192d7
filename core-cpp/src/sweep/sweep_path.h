// Axis paths into a scenario: `groups[0].count`, `bottleneck.buffer_pkts`,
// `sides[*].params.q0`, `events[2].count`. A step is a key, optionally
// followed by `[n]` (one entry of an array) or `[*]` (every entry).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "sim/result.h"

namespace aqmlab {

// Sets every place `path` names in `doc` to `value`. `doc` is the full
// scenario (ScenarioToJson: every field present), so a key missing from it
// names no field, with one exception: a discipline's `params` hold only
// the overrides, so any key may be set there and the scenario's own
// validation judges it. The error says which step names nothing (and how
// many entries an indexed array has).
Status SetAtPath(nlohmann::ordered_json& doc, std::string_view path, const nlohmann::ordered_json& value);

// A field both paths set, written plainly (indexes without leading zeros):
// "groups[0].count" for "groups[*].count" and "groups[00].count", and
// "bottleneck.buffer_pkts" for "bottleneck" and "bottleneck.buffer_pkts";
// "" when they set nothing in common (or a path does not parse: SetAtPath
// says why).
std::string CommonField(std::string_view a, std::string_view b);

}  // namespace aqmlab
