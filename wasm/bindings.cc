// The core's JavaScript surface (see API.md). Only this file knows about
// Emscripten. Nothing throws across the boundary: failures come back as
// {"ok":false,"error":"<field>: <message>"}, or for advance() as -1 with the
// message in error(). Running out of memory is one of those failures: this
// file alone is compiled with exception catching (wasm/CMakeLists.txt), so
// a std::bad_alloc from anywhere in the core ends here, not in JavaScript.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <new>
#include <string>

#include "metrics/columns.h"
#include "metrics/summary_json.h"
#include "scenario/catalog.h"
#include "scenario/json_reader.h"
#include "scenario/scenario.h"
#include "run/simulation.h"

namespace {

std::string OkJson() { return "{\"ok\":true}"; }
std::string ErrorJson(const std::string& message) {
  return nlohmann::json{{"ok", false}, {"error", message}}.dump();
}

class SimulationHandle {
 public:
  SimulationHandle(const std::string& scenario_json, int side) {
    try {
      Build(scenario_json, side);
    } catch (const std::bad_alloc&) {
      Abandon();
    }
  }

  std::string error() const { return error_; }

  std::string columns() const {
    if (!sim_) return "[]";
    return nlohmann::json(sim_->metrics().columns()).dump();
  }

  // The number of samples waiting, or -1 once the run has failed (error()
  // says why; the packet limit or memory).
  int advance(double until_seconds) {
    if (!sim_) return -1;
    try {
      if (aqmlab::Status st = sim_->AdvanceTo(aqmlab::Time::Seconds(until_seconds)); !st.ok()) {
        error_ = st.error;
        return -1;
      }
    } catch (const std::bad_alloc&) {
      Abandon();
      return -1;
    }
    return static_cast<int>(sim_->metrics().batch_length());
  }

  emscripten::val batch() {
    if (!sim_) return emscripten::val::null();
    const auto& flat = sim_->metrics().Flatten();
    return emscripten::val(emscripten::typed_memory_view(flat.size(), flat.data()));
  }

  int batchLength() const { return sim_ ? static_cast<int>(sim_->metrics().batch_length()) : 0; }
  void clearBatch() {
    if (sim_) sim_->metrics().ClearBatch();
  }

  std::string apply(const std::string& event_json) {
    if (!sim_ || !error_.empty()) return ErrorJson(error_);  // no run, or it failed
    try {
      auto event = aqmlab::ParseEvent(event_json, scenario_);
      if (!event.ok()) return ErrorJson(event.error());
      aqmlab::Status s = sim_->Apply(event.value());
      return s.ok() ? OkJson() : ErrorJson(s.error);
    } catch (const std::bad_alloc&) {
      Abandon();
      return ErrorJson(error_);
    }
  }

  double now() const { return sim_ ? sim_->now().seconds() : 0.0; }
  bool done() const { return !sim_ || sim_->done(); }
  double eventsProcessed() const {
    return sim_ ? static_cast<double>(sim_->loop().events_processed()) : 0.0;
  }

  std::string summary() const {
    if (!sim_) return ErrorJson(error_);
    const auto& side = scenario_.sides[side_];
    return aqmlab::SummaryToJson(sim_->summary(), side.name, side.aqm);
  }

 private:
  void Build(const std::string& scenario_json, int side) {
    auto scenario = aqmlab::ParseScenario(scenario_json);
    if (!scenario.ok()) {
      error_ = scenario.error();
      return;
    }
    scenario_ = scenario.value();
    auto sim = aqmlab::Simulation::Create(scenario_, side);
    if (!sim.ok()) {
      error_ = sim.error();
      return;
    }
    sim_ = std::move(sim.value());
    side_ = side;
  }

  // After an allocation failed somewhere inside the core, its objects may be
  // half-changed (the code between was built without unwinding): the
  // simulation is dropped without running its destructors. Each side has an
  // instance of the core of its own (web/src/worker/sim-host.ts), which the
  // page drops with the failed run; the memory goes with the instance.
  void Abandon() {
    (void)sim_.release();
    error_ = "out of memory: the run needs more memory than this browser tab gives it";
  }

  aqmlab::Scenario scenario_;
  std::unique_ptr<aqmlab::Simulation> sim_;
  std::string error_;
  int side_ = 0;
};

std::string DescribeAqms() { return aqmlab::AqmCatalogJson(); }
std::string DescribeSenders() { return aqmlab::SenderCatalogJson(); }
std::string DefaultScenario() { return aqmlab::ScenarioToJson(aqmlab::DefaultScenario()); }
std::string ValidateScenario(const std::string& json) {
  auto s = aqmlab::ParseScenario(json);
  return s.ok() ? OkJson() : ErrorJson(s.error());
}

}  // namespace

EMSCRIPTEN_BINDINGS(aqmlab) {
  emscripten::function("describeAqms", &DescribeAqms);
  emscripten::function("describeSenders", &DescribeSenders);
  emscripten::function("describeColumns", &aqmlab::ColumnTablesJson);
  emscripten::function("defaultScenario", &DefaultScenario);
  emscripten::function("validateScenario", &ValidateScenario);
  emscripten::class_<SimulationHandle>("Simulation")
      .constructor<std::string, int>()
      .function("error", &SimulationHandle::error)
      .function("columns", &SimulationHandle::columns)
      .function("advance", &SimulationHandle::advance)
      .function("batch", &SimulationHandle::batch)
      .function("batchLength", &SimulationHandle::batchLength)
      .function("clearBatch", &SimulationHandle::clearBatch)
      .function("apply", &SimulationHandle::apply)
      .function("now", &SimulationHandle::now)
      .function("done", &SimulationHandle::done)
      .function("eventsProcessed", &SimulationHandle::eventsProcessed)
      .function("summary", &SimulationHandle::summary);
}
