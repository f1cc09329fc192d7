#include "scenario/catalog.h"

#include "aqm/registry.h"
#include "scenario/json_reader.h"
#include "traffic/cc/registry.h"

namespace aqmlab {

namespace {
const char* KindName(ParamKind k) {
  switch (k) {
    case ParamKind::kReal: return "real";
    case ParamKind::kInteger: return "integer";
    case ParamKind::kToggle: return "toggle";
  }
  return "real";
}

const char* SourceName(LawSource s) {
  switch (s) {
    case LawSource::kParam: return "param";
    case LawSource::kSignal: return "signal";
    case LawSource::kColumn: return "column";
  }
  return "param";
}

nlohmann::ordered_json LawJson(const LawText& law) {
  if (law.tex.empty()) return nullptr;
  nlohmann::ordered_json variables = nlohmann::ordered_json::array();
  for (const LawVariable& v : law.variables) {
    variables.push_back({{"tex", v.tex}, {"source", SourceName(v.source)}, {"name", v.name}});
  }
  return {{"tex", law.tex}, {"idea", law.idea}, {"paper", law.paper}, {"variables", variables}};
}

nlohmann::ordered_json LevelsJson(const std::vector<ChartLevel>& levels) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ChartLevel& l : levels) {
    out.push_back({{"param", l.param}, {"chart", l.chart == LevelChart::kQueue ? "queue" : "delay"},
                   {"label", l.label}, {"scale", l.scale}, {"when_on", l.when_on}});
  }
  return out;
}

nlohmann::ordered_json ExplainJson(const AqmEntry& e) {
  if (!e.explain) return nullptr;
  const Explanation& x = e.explain();
  nlohmann::ordered_json out = {{"plain", x.plain},
                                {"picture", x.picture == LawPicture::kCurve ? "curve" : "loop"}};
  if (x.picture == LawPicture::kLoop) {
    out["measures"] = x.measures;
    out["target_param"] = x.target_param;
    out["target_text"] = x.target_text;
    out["sets"] = x.sets;
  }
  return out;
}

nlohmann::ordered_json ParamsJson(const std::vector<ParamSpec>& specs) {
  nlohmann::ordered_json params = nlohmann::ordered_json::array();
  for (const ParamSpec& p : specs) {
    nlohmann::ordered_json pj = {{"name", p.name}, {"label", p.label}, {"unit", p.unit},
                                 {"kind", KindName(p.kind)}, {"default", p.default_value},
                                 {"min", p.min}, {"max", p.max}, {"step", p.step},
                                 {"help", p.help}};
    if (p.buffer_fraction > 0) pj["default_buffer_fraction"] = p.buffer_fraction;
    if (p.scale == ParamScale::kLog) pj["scale"] = "log";
    if (p.sensible) pj["sensible"] = {p.sensible->min, p.sensible->max};
    if (p.buffer_bound) pj["buffer_bound"] = true;
    params.push_back(pj);
  }
  return params;
}

const char* CodepointName(Ecn e) {
  switch (e) {
    case Ecn::kNotEct: return "not-ect";
    case Ecn::kEct1: return "ect1";
    case Ecn::kEct0: return "ect0";
    case Ecn::kCe: return "ce";
  }
  return "ect0";
}

nlohmann::ordered_json EntryJson(const AqmEntry& e) {
  const AqmDescriptor& d = e.describe();
  nlohmann::ordered_json signals = nlohmann::ordered_json::array();
  for (const SignalSpec& s : d.signals) {
    signals.push_back({{"name", s.name}, {"label", s.label}, {"unit", s.unit}});
  }
  nlohmann::ordered_json queues = nlohmann::ordered_json::array();
  for (const QueueSpec& q : d.queues) queues.push_back({{"name", q.name}, {"label", q.label}});
  return {{"name", d.name},       {"label", d.label},         {"source", d.source},
          {"summary", d.summary}, {"params", ParamsJson(d.params)}, {"signals", signals},
          {"law", LawJson(d.law)}, {"levels", LevelsJson(d.levels)}, {"queues", queues},
          {"explain", ExplainJson(e)}};
}
}  // namespace

std::string AqmEntryJson(const AqmEntry& e) { return EntryJson(e).dump(2); }

std::string AqmCatalogJson() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const AqmEntry& e : AqmRegistry()) out.push_back(EntryJson(e));
  return out.dump(2);
}

namespace {
// A controller's response function as the page shows it (its numbers come
// from the analysis, analysis/sender_response.h); null without one.
nlohmann::ordered_json ResponseJson(const CcEntry& e) {
  if (!e.response) return nullptr;
  const CcResponse& r = e.response();
  return {{"signal", r.signal == ResponseSignal::kMark ? "mark" : "loss_or_mark"},
          {"tex", r.tex},
          {"constant", r.constant},
          {"source", r.source}};
}
}  // namespace

std::string SenderCatalogJson() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const CcEntry& e : CcRegistry()) {
    const CcDescriptor& d = e.describe();
    out.push_back({{"name", d.name},
                   {"label", d.label},
                   {"source", d.source},
                   {"summary", d.summary},
                   {"params", ParamsJson(d.params)},
                   {"ecn", d.ecn == EcnResponse::kClassic ? "classic" : "scalable"},
                   {"codepoint", CodepointName(d.codepoint)},
                   {"needs_ecn", d.needs_ecn},
                   {"sack", d.sack},
                   {"response", ResponseJson(e)}});
  }
  return out.dump(2);
}

}  // namespace aqmlab
