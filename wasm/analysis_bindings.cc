// The analysis models' JavaScript surface (API.md, "Analysis"): the same
// JSON the CLI's `aqmlab analyze` prints. Nothing throws across the
// boundary; running out of memory is an {"ok":false} result like any other
// failure (this file is compiled with exception catching, like bindings.cc).
#include <emscripten/bind.h>

#include <new>
#include <string>

#include "analysis/analysis_json.h"
#include "analysis/law_curve.h"
#include "analysis/scenario_analysis.h"
#include "analysis/sender_response.h"
#include "scenario/json_text.h"
#include "scenario/scenario.h"

namespace {

using aqmlab::Json;
using aqmlab::analysis::ErrorResult;

template <class F>
std::string Guarded(F&& f) {
  try {
    return f().dump();
  } catch (const std::bad_alloc&) {
    return ErrorResult("out of memory: the model needs more than this page gives it").dump();
  }
}

// Puts "ok": true in front of a result object's fields.
Json Ok(const Json& fields) {
  Json out{{"ok", true}};
  out.update(fields);
  return out;
}

std::string AnalyzeScenario(const std::string& scenario_json, int side) {
  return Guarded([&] {
    auto s = aqmlab::ParseScenario(scenario_json);
    return s.ok() ? aqmlab::analysis::AnalyzeScenarioSide(s.value(), side) : ErrorResult(s.error());
  });
}

std::string SolveQueueModel(const std::string& model_json) {
  return Guarded([&] {
    auto j = aqmlab::ParseJsonText(model_json, "model", "");
    if (!j.ok()) return ErrorResult(j.error());
    auto m = aqmlab::analysis::ReadChainModel(j.value(), "");
    if (!m.ok()) return ErrorResult(m.error());
    auto r = aqmlab::analysis::SolveMmppChain(m.value());
    return r.ok() ? Ok(aqmlab::analysis::ChainJson(r.value())) : ErrorResult(r.error());
  });
}

std::string ResponseBounds(const std::string& json) {
  return Guarded([&] {
    auto j = aqmlab::ParseJsonText(json, "bounds", "");
    if (!j.ok()) return ErrorResult(j.error());
    auto in = aqmlab::analysis::ReadResponseBounds(j.value(), "");
    return in.ok() ? Ok(aqmlab::analysis::ResponseBoundsJson(aqmlab::analysis::ResponseBounds(in.value())))
                   : ErrorResult(in.error());
  });
}

std::string AnalyzeModel(const std::string& model_json) {
  return Guarded([&] {
    auto j = aqmlab::ParseJsonText(model_json, "model", "");
    return j.ok() ? aqmlab::analysis::AnalyzeModel(j.value()) : ErrorResult(j.error());
  });
}

std::string LawCurve(const std::string& json) {
  return Guarded([&] {
    auto j = aqmlab::ParseJsonText(json, "law", "");
    return j.ok() ? aqmlab::analysis::LawCurveJson(j.value()) : ErrorResult(j.error());
  });
}

std::string SenderResponse(const std::string& json) {
  return Guarded([&] {
    auto j = aqmlab::ParseJsonText(json, "sender", "");
    return j.ok() ? aqmlab::analysis::SenderResponseJson(j.value()) : ErrorResult(j.error());
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(aqmlab_analysis) {
  emscripten::function("analyzeScenario", &AnalyzeScenario);
  emscripten::function("solveQueueModel", &SolveQueueModel);
  emscripten::function("responseBounds", &ResponseBounds);
  emscripten::function("analyzeModel", &AnalyzeModel);
  emscripten::function("lawCurve", &LawCurve);
  emscripten::function("senderResponse", &SenderResponse);
}
