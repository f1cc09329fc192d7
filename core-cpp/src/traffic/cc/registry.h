// The registry of congestion controllers: the one place that lists them. A
// TCP group's `variant` is one of these names.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "net/param_table.h"
#include "sim/result.h"
#include "traffic/cc/congestion_control.h"
#include "traffic/cc/response_function.h"

namespace aqmlab {

struct CcEntry {
  const CcDescriptor& (*describe)();
  Result<std::unique_ptr<CongestionControl>> (*create)(const ParamOverrides&);
  // Validates parameter values against the table and the controller's rules
  // without building anything.
  Status (*check)(const ParamOverrides&);
  // Its response function (response_function.h); null for a controller
  // whose rate does not follow the signal probability (BBR).
  const CcResponse& (*response)() = nullptr;
};

// Lists the registered names, for error messages.
std::string CcNames();

std::span<const CcEntry> CcRegistry();
const CcEntry* FindCc(std::string_view name);
// NewReno, every TCP group's default.
const CcEntry& DefaultCc();

}  // namespace aqmlab
