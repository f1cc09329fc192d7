// Reading and writing one `groups[]` entry (scenario.cc's helpers).
#pragma once

#include <string>

#include "scenario/group_spec.h"
#include "scenario/json_reader.h"

namespace aqmlab {

// What a group's checks need from the rest of the scenario.
struct GroupContext {
  double duration_s = 300;
  double bottleneck_delay_ms = 10;
  bool parking_lot = false;
  double hop2_delay_ms = 0;  // parking lot only
};

// Reads and checks every field of one group; each problem goes to
// `problems` with the field's full path (e.g. "groups[2].peak_mbps: ...").
void ReadGroup(const Json& j, const std::string& path, Problems* problems, const GroupContext& ctx,
               GroupSpec& g);

nlohmann::ordered_json GroupToJson(const GroupSpec& g);

}  // namespace aqmlab
