// Parameter values against a discipline's table (net/discipline.h's
// ParamSpec): the check every value passes, wherever it comes from (a
// scenario, a live event, the page), and a default resolved for a link.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "net/discipline.h"
#include "sim/result.h"

namespace aqmlab {

// Parameter values given by a scenario or a URL, by name.
using ParamOverrides = std::vector<std::pair<std::string, double>>;

// Checks one value against its spec (finite, in range, whole for an
// integer, 0 or 1 for a toggle); the message names the parameter.
Status CheckParamValue(const ParamSpec& spec, double value);

// The spec's default, or its fraction of the link's buffer.
double ResolveDefault(const ParamSpec& spec, const LinkContext& link);

}  // namespace aqmlab
