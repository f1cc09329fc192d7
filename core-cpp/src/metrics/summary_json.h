// The run summary as JSON: the CLI's output and the page's table (the
// worker passes it on as is). Keys and their order are the contract the
// page's summary code reads (tests/web/wasm/summary-contract.test.ts).
#pragma once

#include <string>

#include "metrics/recorder.h"

namespace aqmlab {

std::string SummaryToJson(const Summary& s, const std::string& side_name, const std::string& aqm);

}  // namespace aqmlab
