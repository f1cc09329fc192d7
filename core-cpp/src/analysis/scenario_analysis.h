// Every model for one side of a scenario, as the JSON the CLI prints and the
// wasm API returns (wasm/API.md, "Analysis"):
// {"ok":true, "side", "discipline", "mapping", "notes", "fluid"|null,
//  "equilibrium", "stability", "queue_model"|null}.
#pragma once

#include "scenario/json_reader.h"
#include "scenario/scenario.h"

namespace aqmlab::analysis {

// An error result naming `side` when it is out of range.
Json AnalyzeScenarioSide(const Scenario& s, int side);

}  // namespace aqmlab::analysis
