#include "scenario/param_values.h"

#include <algorithm>

#include "scenario/json_text.h"

namespace aqmlab {

bool ReadParamValues(JsonReader& r, const char* key, const Json* params,
                     std::span<const ParamSpec> specs, ParamOverrides& out) {
  if (!params) return true;
  bool fine = true;
  for (auto it = params->begin(); it != params->end(); ++it) {
    const std::string field = r.Field(key) + "." + FieldKey(it.key());
    if (!it->is_number() && !it->is_boolean()) {
      r.Fail(field, "must be a number");
      fine = false;
      continue;
    }
    // Checked here, where the key is echoed safely; the owner's own check
    // (ReportParamStatus) splits its message at the first ':'.
    if (std::none_of(specs.begin(), specs.end(), [&it](const ParamSpec& p) { return p.name == it.key(); })) {
      const std::string known = ParamNames(specs);
      r.Fail(field, "no such parameter" + (known.empty() ? std::string(" (it has none)") : " (known: " + known + ")"));
      fine = false;
      continue;
    }
    out.emplace_back(it.key(), it->is_boolean() ? (it->get<bool>() ? 1.0 : 0.0) : it->get<double>());
  }
  return fine;
}

std::string ParamNames(std::span<const ParamSpec> specs) {
  std::string out;
  for (const ParamSpec& p : specs) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

bool ReportParamStatus(JsonReader& r, const char* key, const Status& st, std::string_view suffix) {
  for (const std::string& line : ProblemLines(st.error)) {
    const size_t colon = line.find(": ");
    if (colon == std::string::npos) {  // not the checks' form: the whole object is named
      r.Fail(r.Field(key ? key : "params"), line + std::string(suffix));
      continue;
    }
    const std::string name = line.substr(0, colon);
    r.Fail(key ? r.Field(key) + "." + FieldKey(name) : r.Field(name), line.substr(colon + 2) + std::string(suffix));
  }
  return st.ok();
}

}  // namespace aqmlab
