// The analysis models as JSON: reading a model file's parts (the format is
// core-cpp/ANALYSIS.md's) and writing each model's results. Shared by the
// CLI (`aqmlab analyze`) and the wasm bindings, so both print the same.
#pragma once

#include <string>

#include "analysis/fluid_model.h"
#include "analysis/mmpp_chain.h"
#include "analysis/stability.h"
#include "aqm/theory/response_bounds.h"
#include "net/discipline.h"
#include "scenario/json_reader.h"
#include "sim/result.h"

namespace aqmlab::analysis {

using theory::ResponseBoundCurves;
using theory::ResponseBoundInputs;
using theory::ResponseBounds;

// `chain`: {sources, service_rate_pps, erlang_stages, capacity_pkts, drop_curve}.
Result<MmppChainModel> ReadChainModel(const Json& j, const std::string& path);
// `response_bounds`: {capacity_pps, rtt_s, buffer_pkts, q0, flows, pi, rem}.
Result<ResponseBoundInputs> ReadResponseBounds(const Json& j, const std::string& path);
// A model file's `network`, `aqm`, `params` and `fluid` parts as one fluid
// input; the discipline needs a fluid law only when the file has `fluid`.
Result<FluidInput> ReadFluidInput(const Json& model);

// Every parameter of `aqm` at its default for `link`, then `overrides`.
ParamValues ResolveParams(const std::string& aqm, const LinkContext& link,
                          const std::vector<std::pair<std::string, double>>& overrides);

Json ChainJson(const MmppChainResult& r);
Json FluidJson(const FluidTrajectory& t);
Json EquilibriumJson(const FluidEquilibrium& e);
Json StabilityJson(const StabilityReport& r);
Json ResponseBoundsJson(const ResponseBoundCurves& c);
// The linearisation point of the fluid input: N, C, R0 (from Equilibrium), B.
LoopPlant PlantOf(const FluidInput& in);

// A whole model file: {"ok":true, "chain":..., "fluid":..., "equilibrium":...,
// "stability":..., "response_bounds":...} with the parts the file asks for,
// or {"ok":false,"error":"<field>: ..."}.
Json AnalyzeModel(const Json& model);

// {"ok":false,"error":message}.
Json ErrorResult(const std::string& message);

}  // namespace aqmlab::analysis
