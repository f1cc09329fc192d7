// One maker per group kind; MakeTrafficGroup picks by the spec's kind. An
// error names the group's field.
#pragma once

#include <cstdint>
#include <memory>

#include "run/traffic_groups.h"

namespace aqmlab {

using GroupResult = Result<std::unique_ptr<TrafficGroup>>;

GroupResult MakeTcpGroup(Network& net, int index, int16_t cls);
GroupResult MakeShortTcpGroup(Network& net, int index, int16_t cls);
GroupResult MakeCbrGroup(Network& net, int index, int16_t cls);
GroupResult MakeOnOffGroup(Network& net, int index, int16_t cls);
GroupResult MakePoissonGroup(Network& net, int index, int16_t cls);
GroupResult MakeMmppGroup(Network& net, int index, int16_t cls);
GroupResult MakeHttpGroup(Network& net, int index, int16_t cls);
GroupResult MakeVideoGroup(Network& net, int index, int16_t cls);

}  // namespace aqmlab
