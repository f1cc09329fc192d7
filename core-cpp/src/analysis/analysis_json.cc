#include "analysis/analysis_json.h"

#include <algorithm>
#include <cmath>

#include "analysis/fluid_laws.h"
#include "analysis/sender_response.h"
#include "aqm/red/red_theory.h"
#include "aqm/registry.h"
#include "scenario/json_text.h"

namespace aqmlab::analysis {

namespace {

// A discipline's check failed with "<name>: <why>": the error names the
// field, under `params` when `in_params`.
void FailParam(JsonReader& r, bool in_params, const std::string& error) {
  const size_t colon = error.find(':');
  if (colon == std::string::npos) return r.Fail(r.Field("params"), error);
  const std::string name = error.substr(0, colon);
  r.Fail(in_params ? r.Field("params") + "." + FieldKey(name) : r.Field(name), error.substr(colon + 2));
}

// Parameter values by name from a `params` object: numbers of the
// discipline's parameters only, each error naming the field.
void ReadParamValues(JsonReader& r, const Json& params, const AqmEntry& entry, const std::string& aqm,
                     ParamOverrides& out) {
  const auto& specs = entry.describe().params;
  for (auto it = params.begin(); it != params.end() && r.ok(); ++it) {
    const bool known = std::any_of(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == it.key(); });
    if (!known || !it->is_number()) {
      r.Fail(r.Field("params") + "." + FieldKey(it.key()), known ? "must be a number" : "no such parameter of " + aqm);
    } else {
      out.emplace_back(it.key(), it->get<double>());
    }
  }
}

// Reads {"kind":"linear","threshold"} or {"kind":"red",...} or [F(0)..F(L-1)].
void ReadDropCurve(JsonReader& r, std::string* error, MmppChainModel& m) {
  if (r.IsArray("drop_curve")) {
    r.NumberList("drop_curve", m.drop, 0, 1, 100000);
    return;
  }
  const Json* c = r.Object("drop_curve");
  if (!c || !r.ok()) return;
  JsonReader cr(*c, r.Field("drop_curve"), error);
  std::string kind = "linear";
  cr.Choice<std::string>("kind", kind, {{"linear", "linear"}, {"red", "red"}});
  const double cap = static_cast<double>(m.capacity);
  double threshold = cap / 2;
  ParamValues red{{"min_th", cap / 4}, {"max_th", 3 * cap / 4}, {"max_p", 0.1}, {"gentle", 1}};
  if (kind == "linear") {
    cr.Number("threshold", threshold, 0, cap);
  } else {
    for (const char* k : {"min_th", "max_th", "max_p"}) cr.Number(k, red[k], 0, 1e6);
    bool gentle = true;
    cr.Boolean("gentle", gentle);
    red["gentle"] = gentle ? 1 : 0;
    // The ranges and rules RED's parameters have everywhere (a scenario's too).
    LinkContext link;
    link.buffer_packets = m.capacity;
    const ParamOverrides given{{"min_th", red["min_th"]}, {"max_th", red["max_th"]}, {"max_p", red["max_p"]}};
    if (Status st = FindAqm("red")->check(link, given); cr.ok() && !st.ok()) FailParam(cr, false, st.error);
  }
  cr.RejectUnknown();
  if (!r.ok()) return;
  if (kind == "linear") {
    m.drop = LinearDropCurve(m.capacity, threshold);
  } else {
    m.drop.clear();
    for (int64_t b = 0; b < m.capacity; ++b) m.drop.push_back(aqmlab::red::CurveAt(red, static_cast<double>(b)));
  }
}

Json Numbers(const std::vector<Quantity>& qs) {
  Json o = Json::object();
  for (const Quantity& q : qs) o[q.key] = std::isfinite(q.value) ? Json(q.value) : Json(nullptr);
  return o;
}

// The same in the rule's order, each with what it is in words.
Json Quantities(const std::vector<Quantity>& qs) {
  Json a = Json::array();
  for (const Quantity& q : qs) {
    a.push_back(Json{{"key", q.key}, {"words", q.words}, {"value", std::isfinite(q.value) ? Json(q.value) : Json(nullptr)}});
  }
  return a;
}

Json Optional(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

}  // namespace

Json ErrorResult(const std::string& message) { return Json{{"ok", false}, {"error", message}}; }

Result<MmppChainModel> ReadChainModel(const Json& j, const std::string& path) {
  std::string error;
  MmppChainModel m;
  JsonReader r(j, path, &error);
  if (const Json* sources = r.Array("sources", 64)) {
    m.sources.clear();
    for (size_t i = 0; i < sources->size() && r.ok(); ++i) {
      JsonReader sr((*sources)[i], r.Field("sources") + "[" + std::to_string(i) + "]", &error);
      MmppSourceGroup g;
      std::optional<double> poisson;
      sr.Number("poisson", poisson, 0, 1e7);
      if (poisson) {
        g.lambda1 = g.lambda2 = *poisson;
      } else {
        sr.Number("lambda1", g.lambda1, 0, 1e7);
        sr.Number("lambda2", g.lambda2, 0, 1e7);
        sr.Number("r12", g.r12, 1e-6, 1e6);
        sr.Number("r21", g.r21, 1e-6, 1e6);
      }
      sr.Integer("count", g.count, 1, 1000);
      sr.RejectUnknown();
      m.sources.push_back(g);
    }
  }
  r.Number("service_rate_pps", m.service_rate, 1e-9, 1e9);
  r.Integer("erlang_stages", m.stages, 1, 64);
  r.Integer("capacity_pkts", m.capacity, 1, 100000);
  if (r.ok()) ReadDropCurve(r, &error, m);
  r.RejectUnknown();
  if (!error.empty()) return Error{error};
  if (m.sources.empty()) return Error{r.Field("sources") + ": is required (1 to 64 entries)"};
  return m;
}

Result<ResponseBoundInputs> ReadResponseBounds(const Json& j, const std::string& path) {
  std::string error;
  ResponseBoundInputs in;
  JsonReader r(j, path, &error);
  r.Number("capacity_pps", in.capacity_pps, 1e-3, 1e9);
  r.Number("rtt_s", in.rtt_s, 1e-6, 100);
  r.Number("buffer_pkts", in.buffer_pkts, 1, 1e9);
  r.Number("q0", in.q0, 0, 1e9);
  r.NumberList("flows", in.flows, 1, 1e6, 10000);
  if (const Json* pi = r.Object("pi")) {
    JsonReader pr(*pi, r.Field("pi"), &error);
    pr.Number("a", in.pi_a, 0, 1);
    pr.Number("b", in.pi_b, 0, 1);
    pr.Number("freq_hz", in.pi_freq_hz, 1e-3, 1e6);
    pr.RejectUnknown();
  }
  if (const Json* rem = r.Object("rem")) {
    JsonReader rr(*rem, r.Field("rem"), &error);
    double interval_ms = 1000 / in.rem_freq_hz;
    rr.Number("gamma", in.rem_gamma, 0, 1);
    rr.Number("alpha", in.rem_alpha, 0, 1);
    rr.Number("phi", in.rem_phi, 1.000001, 10);
    rr.Number("interval_ms", interval_ms, 0.01, 1e6);
    in.rem_freq_hz = 1000 / interval_ms;
    rr.RejectUnknown();
  }
  r.RejectUnknown();
  if (!error.empty()) return Error{error};
  if (in.flows.empty()) return Error{r.Field("flows") + ": is required (a list of flow counts)"};
  return in;
}

ParamValues ResolveParams(const std::string& aqm, const LinkContext& link,
                          const std::vector<std::pair<std::string, double>>& overrides) {
  ParamValues out;
  if (const AqmEntry* e = FindAqm(aqm)) {
    for (const ParamSpec& s : e->describe().params) out[std::string(s.name)] = ResolveDefault(s, link);
  }
  for (const auto& [k, v] : overrides) out[k] = v;
  return out;
}

Result<FluidInput> ReadFluidInput(const Json& model) {
  std::string error;
  FluidInput in;
  JsonReader r(model, "", &error);
  if (const Json* net = r.Object("network")) {
    JsonReader nr(*net, "network", &error);
    nr.Number("flows", in.flows, 0, 1e6);
    nr.Number("capacity_pps", in.capacity_pps, 1e-3, 1e9);
    nr.Number("rtt_s", in.prop_rtt_s, 1e-6, 100);
    nr.Number("buffer_pkts", in.buffer_pkts, 1, 1e9);
    nr.Number("open_loop_pps", in.open_loop_pps, 0, 1e9);
    nr.Number("max_window", in.max_window, 1, 1e9);
    nr.RejectUnknown();
  }
  r.Text("aqm", in.aqm, 40);
  const AqmEntry* entry = FindAqm(in.aqm);
  if (r.ok() && !entry) r.Fail("aqm", "unknown discipline " + Quoted(in.aqm) + " (known: " + AqmNames() + ")");
  ParamOverrides given;
  if (const Json* params = r.Object("params"); params && entry) ReadParamValues(r, *params, *entry, in.aqm, given);
  LinkContext link;
  link.capacity_bps = in.capacity_pps * 8 * static_cast<double>(link.typical_packet);
  link.buffer_packets = static_cast<int64_t>(in.buffer_pkts);
  // The check a scenario's parameters pass (ranges, and rules such as RED's
  // min_th < max_th), so analyze and run accept the same values.
  if (entry && r.ok()) {
    if (Status st = entry->check(link, given); !st.ok()) FailParam(r, true, st.error);
  }
  in.params = ResolveParams(in.aqm, link, given);
  if (const Json* f = r.Object("fluid")) {
    JsonReader fr(*f, "fluid", &error);
    fr.Number("duration_s", in.duration_s, 1e-3, 1e6);
    fr.Number("step_s", in.step_s, 0, 1);
    fr.Number("sample_s", in.sample_s, 0, 1e6);
    if (const Json* events = fr.Array("events", 10000)) {
      for (size_t i = 0; i < events->size() && fr.ok(); ++i) {
        JsonReader er((*events)[i], "fluid.events[" + std::to_string(i) + "]", &error);
        FluidEvent e;
        er.Number("at_s", e.at_s, 0, 1e6);
        er.Number("flows", e.flows, 0, 1e6);
        er.Number("capacity_pps", e.capacity_pps, 1e-3, 1e9);
        er.Number("rtt_s", e.prop_rtt_s, 1e-6, 100);
        er.Number("open_loop_pps", e.open_loop_pps, 0, 1e9);
        // Checked with the values in force then: the model's, then each
        // earlier event's, then this event's.
        if (const Json* p = er.Object("params"); p && entry) {
          ParamOverrides changed;
          ReadParamValues(er, *p, *entry, in.aqm, changed);
          for (const auto& [k, v] : changed) e.params[k] = v;
          given.insert(given.end(), changed.begin(), changed.end());
          if (Status st = entry->check(link, given); er.ok() && !st.ok()) FailParam(er, true, st.error);
        }
        er.RejectUnknown();
        in.events.push_back(e);
      }
    }
    fr.RejectUnknown();
  }
  if (!error.empty()) return Error{error};
  if (Status s = ValidateFluidInput(in, model.contains("fluid")); !s.ok()) {
    return Error{s.error.rfind("events", 0) == 0 ? "fluid." + s.error : s.error};
  }
  return in;
}

LoopPlant PlantOf(const FluidInput& in) {
  const FluidEquilibrium e = Equilibrium(in);
  return {std::max(in.flows, 1.0), in.capacity_pps, e.r0, in.buffer_pkts};
}

Json ChainJson(const MmppChainResult& r) {
  return Json{{"distribution", r.distribution},   {"mean_queue", r.mean_in_system},
              {"mean_waiting", r.mean_waiting},   {"mean_delay_s", r.mean_delay_s},
              {"loss", r.loss},                   {"loss_per_source", r.loss_per_source},
              {"delay_per_source_s", r.delay_per_source_s},
              {"offered_pps", r.offered_pps},     {"admitted_pps", r.admitted_pps},
              {"phases", r.phases},               {"states", r.states}};
}

Json FluidJson(const FluidTrajectory& t) {
  return Json{{"t", t.t}, {"queue_pkts", t.queue_pkts}, {"window_pkts", t.window_pkts}, {"p", t.p},
              {"step_s", t.step_s}};
}

Json EquilibriumJson(const FluidEquilibrium& e) {
  return Json{{"W0", e.w0}, {"p0", e.p0}, {"R0", e.r0}, {"q0", Optional(e.q0)}};
}

Json StabilityJson(const StabilityReport& r) {
  Json out{{"discipline", r.discipline}, {"verdict", r.verdict}, {"rule", r.rule}, {"numbers", Numbers(r.numbers)}};
  out["rule_tex"] = r.rule_tex;
  out["quantities"] = Quantities(r.numbers);
  out["region"] = r.region;
  out["region_text"] = r.region_text;
  out["ratio"] = r.ratio && std::isfinite(*r.ratio) ? Json(*r.ratio) : Json(nullptr);
  out["sufficient"] = r.sufficient;
  out["margins"] = r.margins ? Json{{"gain_db", Optional(r.margins->gain_db)},
                                    {"phase_deg", Optional(r.margins->phase_deg)},
                                    {"crossover_rad_s", Optional(r.margins->crossover_rad_s)},
                                    {"phase_crossover_rad_s", Optional(r.margins->phase_crossover_rad_s)}}
                             : Json(nullptr);
  out["bode"] = r.bode ? Json{{"w", r.bode->w}, {"mag_db", r.bode->mag_db}, {"phase_deg", r.bode->phase_deg}}
                       : Json(nullptr);
  return out;
}

Json ResponseBoundsJson(const ResponseBoundCurves& c) {
  auto finite = [](const std::vector<double>& v) {
    Json a = Json::array();
    for (double x : v) a.push_back(std::isfinite(x) ? Json(x) : Json(nullptr));
    return a;
  };
  return Json{{"flows", c.flows}, {"p0", c.p0}, {"pi_s", finite(c.pi_s)}, {"rem_s", finite(c.rem_s)}};
}

Json AnalyzeModel(const Json& model) {
  if (!model.is_object()) return ErrorResult("model: must be a JSON object");
  Json out{{"ok", true}};
  if (const auto it = model.find("chain"); it != model.end()) {
    auto m = ReadChainModel(*it, "chain");
    if (!m.ok()) return ErrorResult(m.error());
    auto r = SolveMmppChain(m.value());
    if (!r.ok()) return ErrorResult("chain." + r.error());
    out["chain"] = ChainJson(r.value());
  }
  if (const auto it = model.find("response_bounds"); it != model.end()) {
    auto in = ReadResponseBounds(*it, "response_bounds");
    if (!in.ok()) return ErrorResult(in.error());
    out["response_bounds"] = ResponseBoundsJson(ResponseBounds(in.value()));
  }
  if (const auto it = model.find("sender_response"); it != model.end()) {
    Json r = SenderResponseJson(*it, "sender_response");
    if (!r["ok"].get<bool>()) return r;
    r.erase("ok");
    out["sender_response"] = r;
  }
  const bool fluid = model.contains("fluid"), stability = model.contains("stability");
  if (fluid || stability || model.contains("network")) {
    auto in = ReadFluidInput(model);
    if (!in.ok()) return ErrorResult(in.error());
    if (stability && !model["stability"].is_object()) return ErrorResult("stability: must be an object ({})");
    if (stability && !model["stability"].empty()) return ErrorResult("stability: takes no fields ({})");
    out["equilibrium"] = EquilibriumJson(Equilibrium(in.value()));
    if (fluid) out["fluid"] = FluidJson(RunFluidModel(in.value()).value());
    if (stability) out["stability"] = StabilityJson(AnalyseStability(in.value().aqm, in.value().params, PlantOf(in.value())));
  }
  for (auto it = model.begin(); it != model.end(); ++it) {
    static const char* kKnown[] = {"network", "aqm",       "params",          "fluid",
                                   "chain",   "stability", "response_bounds", "sender_response"};
    if (std::none_of(std::begin(kKnown), std::end(kKnown), [&](const char* k) { return it.key() == k; })) {
      return ErrorResult(FieldKey(it.key()) + ": unknown field (network, aqm, params, fluid, chain, stability, "
                                              "response_bounds, sender_response)");
    }
  }
  return out;
}

}  // namespace aqmlab::analysis
