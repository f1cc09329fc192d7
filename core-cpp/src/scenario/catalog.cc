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
}  // namespace

std::string AqmCatalogJson() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const AqmEntry& e : AqmRegistry()) {
    const AqmDescriptor& d = e.describe();
    const nlohmann::ordered_json params = ParamsJson(d.params);
    nlohmann::ordered_json signals = nlohmann::ordered_json::array();
    for (const SignalSpec& s : d.signals) {
      nlohmann::ordered_json sj{{"name", s.name}, {"label", s.label}, {"unit", s.unit}};
      if (s.chart != SignalChart::kNone) sj["chart"] = s.chart == SignalChart::kQueue ? "queue" : "delay";
      signals.push_back(sj);
    }
    out.push_back({{"name", d.name}, {"label", d.label}, {"source", d.source},
                   {"summary", d.summary}, {"params", params}, {"signals", signals}});
  }
  return out.dump(2);
}

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
                   {"needs_ecn", d.needs_ecn}});
  }
  return out.dump(2);
}

}  // namespace aqmlab
