#pragma once

// Timeline events in a scenario file or sent live: reading one with its
// types and ranges, and the checks that need the whole scenario. The public
// entry points (CheckEvent, ParseEvent) are declared in scenario.h.

#include <string>

#include "scenario/json_reader.h"
#include "scenario/scenario.h"

namespace aqmlab {

inline constexpr double kMinCapacityMbps = 0.01;
inline constexpr double kMaxCapacityMbps = 100000;
inline constexpr double kMaxDelayMs = 5000;

// An event kind as the scenario file spells it ("set_flows", ...).
const char* KindName(EventKind k);

// `path[i]`, the name of an array entry in messages.
std::string Indexed(const std::string& path, size_t i);

// JsonReader's range message, for checks made outside a reader.
std::string OutOfRange(const std::string& field, double lo, double hi, double got);

// Reads one event (with `at_s` when `needs_time`), then runs CheckEvent when
// `checks` (the scenario's groups and sides it names read fine); each
// problem goes to `problems`.
void ReadEvent(const Json& j, const std::string& path, Problems* problems, const Scenario& s,
               bool needs_time, bool checks, TimelineEvent& e);

// Flows and sources running at once stay within kMaxTotalFlows whatever the
// set_flows events do (taken in the order the simulation applies them).
void CheckTotals(const Scenario& s, Problems* problems);

}  // namespace aqmlab
