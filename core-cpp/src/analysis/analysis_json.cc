#include "analysis/analysis_json.h"

#include <algorithm>
#include <cmath>

#include "analysis/fluid_laws.h"
#include "analysis/sender_response.h"
#include "aqm/red/red_theory.h"
#include "aqm/registry.h"
#include "scenario/json_text.h"
#include "scenario/param_values.h"

namespace aqmlab::analysis {

namespace {

// Reads {"kind":"linear","threshold"} or {"kind":"red",...} or [F(0)..F(L-1)].
void ReadDropCurve(JsonReader& r, Problems* problems, MmppChainModel& m) {
  if (r.IsArray("drop_curve")) {
    r.NumberList("drop_curve", m.drop, 0, 1, 100000);
    return;
  }
  const Json* c = r.Object("drop_curve");
  if (!c) return;
  JsonReader cr(*c, r.Field("drop_curve"), problems);
  std::string kind = "linear";
  cr.Choice<std::string>("kind", kind, {{"linear", "linear"}, {"red", "red"}});
  if (!cr.Fine({"kind"})) return cr.Stop();
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
    if (cr.ok()) ReportParamStatus(cr, nullptr, FindAqm("red")->check(link, given));
  }
  cr.RejectUnknown();
  if (!cr.ok()) return;
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
  Problems problems;
  MmppChainModel m;
  JsonReader r(j, path, &problems);
  if (const Json* sources = r.Array("sources", 64)) {
    m.sources.clear();
    for (size_t i = 0; i < sources->size(); ++i) {
      JsonReader sr((*sources)[i], r.Field("sources") + "[" + std::to_string(i) + "]", &problems);
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
  // The curve's levels are in packets of the capacity: read once it is known.
  if (r.Fine({"capacity_pkts"})) {
    ReadDropCurve(r, &problems, m);
  } else {
    r.Skip("drop_curve");
  }
  r.RejectUnknown();
  if (m.sources.empty() && r.Fine({"sources"})) r.Fail(r.Field("sources"), "is required (1 to 64 entries)");
  if (!problems.empty()) return Error{problems.Message()};
  return m;
}

Result<ResponseBoundInputs> ReadResponseBounds(const Json& j, const std::string& path) {
  Problems problems;
  ResponseBoundInputs in;
  JsonReader r(j, path, &problems);
  r.Number("capacity_pps", in.capacity_pps, 1e-3, 1e9);
  r.Number("rtt_s", in.rtt_s, 1e-6, 100);
  r.Number("buffer_pkts", in.buffer_pkts, 1, 1e9);
  r.Number("q0", in.q0, 0, 1e9);
  r.NumberList("flows", in.flows, 1, 1e6, 10000);
  if (const Json* pi = r.Object("pi")) {
    JsonReader pr(*pi, r.Field("pi"), &problems);
    pr.Number("a", in.pi_a, 0, 1);
    pr.Number("b", in.pi_b, 0, 1);
    pr.Number("freq_hz", in.pi_freq_hz, 1e-3, 1e6);
    pr.RejectUnknown();
  }
  if (const Json* rem = r.Object("rem")) {
    JsonReader rr(*rem, r.Field("rem"), &problems);
    double interval_ms = 1000 / in.rem_freq_hz;
    rr.Number("gamma", in.rem_gamma, 0, 1);
    rr.Number("alpha", in.rem_alpha, 0, 1);
    rr.Number("phi", in.rem_phi, 1.000001, 10);
    rr.Number("interval_ms", interval_ms, 0.01, 1e6);
    in.rem_freq_hz = 1000 / interval_ms;
    rr.RejectUnknown();
  }
  r.RejectUnknown();
  if (in.flows.empty() && r.Fine({"flows"})) r.Fail(r.Field("flows"), "is required (a list of flow counts)");
  if (!problems.empty()) return Error{problems.Message()};
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
  Problems problems;
  FluidInput in;
  JsonReader r(model, "", &problems);
  bool network_fine = true;
  if (const Json* net = r.Object("network")) {
    JsonReader nr(*net, "network", &problems);
    nr.Number("flows", in.flows, 0, 1e6);
    nr.Number("capacity_pps", in.capacity_pps, 1e-3, 1e9);
    nr.Number("rtt_s", in.prop_rtt_s, 1e-6, 100);
    nr.Number("buffer_pkts", in.buffer_pkts, 1, 1e9);
    nr.Number("open_loop_pps", in.open_loop_pps, 0, 1e9);
    nr.Number("max_window", in.max_window, 1, 1e9);
    nr.RejectUnknown();
    network_fine = nr.ok();
  }
  r.Text("aqm", in.aqm, 40);
  const AqmEntry* entry = FindAqm(in.aqm);
  // The discipline decides which parameters are valid: without it they are not read.
  if (r.Fine({"aqm"}) && !entry) r.Fail("aqm", "unknown discipline " + Quoted(in.aqm) + " (known: " + AqmNames() + ")");
  ParamOverrides given;
  const size_t before_params = problems.size();
  if (const Json* params = r.Object("params"); params && entry) {
    ReadParamValues(r, "params", params, entry->describe().params, given);
  }
  const bool params_fine = problems.size() == before_params;
  LinkContext link;
  link.capacity_bps = in.capacity_pps * 8 * static_cast<double>(link.typical_packet);
  link.buffer_packets = static_cast<int64_t>(in.buffer_pkts);
  // The check a scenario's parameters pass (ranges, and rules such as RED's
  // min_th < max_th), so analyze and run accept the same values.
  if (entry && network_fine && params_fine) {
    ReportParamStatus(r, "params", entry->check(link, given));
  }
  in.params = ResolveParams(in.aqm, link, given);
  if (const Json* f = r.Object("fluid")) {
    JsonReader fr(*f, "fluid", &problems);
    fr.Number("duration_s", in.duration_s, 1e-3, 1e6);
    fr.Number("step_s", in.step_s, 0, 1);
    fr.Number("sample_s", in.sample_s, 0, 1e6);
    if (const Json* events = fr.Array("events", 10000)) {
      for (size_t i = 0; i < events->size(); ++i) {
        JsonReader er((*events)[i], "fluid.events[" + std::to_string(i) + "]", &problems);
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
          ReadParamValues(er, "params", p, entry->describe().params, changed);
          for (const auto& [k, v] : changed) e.params[k] = v;
          given.insert(given.end(), changed.begin(), changed.end());
          if (er.ok() && network_fine && params_fine) ReportParamStatus(er, "params", entry->check(link, given));
        }
        er.RejectUnknown();
        in.events.push_back(e);
      }
    }
    fr.RejectUnknown();
  }
  if (!problems.empty()) return Error{problems.Message()};
  if (Status s = ValidateFluidInput(in, model.contains("fluid")); !s.ok()) {
    for (const std::string& line : ProblemLines(s.error)) problems.Add(line.rfind("events", 0) == 0 ? "fluid." + line : line);
    return Error{problems.Message()};
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

// Every part is read before anything is solved, so all of the file's
// problems are reported together.
Json AnalyzeModel(const Json& model) {
  if (!model.is_object()) return ErrorResult("model: must be a JSON object");
  Problems problems;
  std::optional<MmppChainModel> chain;
  std::optional<ResponseBoundInputs> bounds;
  std::optional<FluidInput> fluid_in;
  Json sender;
  if (const auto it = model.find("chain"); it != model.end()) {
    auto m = ReadChainModel(*it, "chain");
    if (m.ok()) chain = m.value();
    else problems.AddAll(m.error());
  }
  if (const auto it = model.find("response_bounds"); it != model.end()) {
    auto in = ReadResponseBounds(*it, "response_bounds");
    if (in.ok()) bounds = in.value();
    else problems.AddAll(in.error());
  }
  if (const auto it = model.find("sender_response"); it != model.end()) {
    sender = SenderResponseJson(*it, "sender_response");
    if (!sender["ok"].get<bool>()) problems.AddAll(sender["error"].get<std::string>());
  }
  const bool fluid = model.contains("fluid"), stability = model.contains("stability");
  if (fluid || stability || model.contains("network")) {
    auto in = ReadFluidInput(model);
    if (in.ok()) fluid_in = in.value();
    else problems.AddAll(in.error());
    if (stability && !model["stability"].is_object()) problems.Add("stability: must be an object ({})");
    else if (stability && !model["stability"].empty()) problems.Add("stability: takes no fields ({})");
  }
  for (auto it = model.begin(); it != model.end(); ++it) {
    static const char* kKnown[] = {"network", "aqm",       "params",          "fluid",
                                   "chain",   "stability", "response_bounds", "sender_response"};
    if (std::none_of(std::begin(kKnown), std::end(kKnown), [&](const char* k) { return it.key() == k; })) {
      problems.Add(FieldKey(it.key()) + ": unknown field (network, aqm, params, fluid, chain, stability, "
                                        "response_bounds, sender_response)");
    }
  }
  if (!problems.empty()) return ErrorResult(problems.Message());
  Json out{{"ok", true}};
  if (chain) {
    auto r = SolveMmppChain(*chain);
    if (!r.ok()) return ErrorResult(PrefixProblems("chain.", r.error()));
    out["chain"] = ChainJson(r.value());
  }
  if (bounds) out["response_bounds"] = ResponseBoundsJson(ResponseBounds(*bounds));
  if (!sender.is_null()) {
    sender.erase("ok");
    out["sender_response"] = sender;
  }
  if (fluid_in) {
    out["equilibrium"] = EquilibriumJson(Equilibrium(*fluid_in));
    if (fluid) out["fluid"] = FluidJson(RunFluidModel(*fluid_in).value());
    if (stability) out["stability"] = StabilityJson(AnalyseStability(fluid_in->aqm, fluid_in->params, PlantOf(*fluid_in)));
  }
  return out;
}

}  // namespace aqmlab::analysis
