// Reads an object of parameter values by name (a side's `params`, a TCP
// group's `variant_params`) against a parameter table, then lets the owner's
// own check speak: every message names the field and its range.
#pragma once

#include <span>
#include <string_view>

#include "net/param_table.h"
#include "scenario/json_reader.h"

namespace aqmlab {

// Reads `params`, the object at `key` (null: absent, no values), into `out`,
// refusing each value that is not a number or a toggle, and each name the
// table lacks. Returns false on a refusal.
bool ReadParamValues(JsonReader& r, const char* key, const Json* params,
                     std::span<const ParamSpec> specs, ParamOverrides& out);

// The parameters' names, comma-separated, in table order ("" for none).
std::string ParamNames(std::span<const ParamSpec> specs);

// Reports each problem of a failed Status, of the form "name: message", as
// the field `key`.name (or, with no key, the reader's own field name), with
// `suffix` after each message (where it applied, say); returns whether `st`
// was fine.
bool ReportParamStatus(JsonReader& r, const char* key, const Status& st, std::string_view suffix = "");

}  // namespace aqmlab
