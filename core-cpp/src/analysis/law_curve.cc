#include "analysis/law_curve.h"

#include <algorithm>

#include "aqm/registry.h"
#include "scenario/json_reader.h"
#include "scenario/json_text.h"

namespace aqmlab::analysis {

Result<LawCurve> SampleLawCurve(const std::string& aqm, const ParamValues& params,
                                double buffer_pkts, int points) {
  const AqmEntry* e = FindAqm(aqm);
  if (!e) return Error{"aqm: unknown discipline '" + aqm + "' (known: " + AqmNames() + ")"};
  if (!e->explain || e->explain().picture != LawPicture::kCurve) {
    return Error{"aqm: " + aqm + "'s law is a control loop, not a curve of the queue"};
  }
  const auto curve = e->explain().curve;
  LawCurve out;
  for (int i = 0; i < points; ++i) {
    const double q = buffer_pkts * i / points;
    out.queue.push_back(q);
    out.p.push_back(curve ? std::clamp(curve(params, q), 0.0, 1.0) : 0.0);
  }
  out.queue.push_back(buffer_pkts);
  out.p.push_back(1.0);
  return out;
}

Json LawCurveJson(const Json& request) {
  Problems problems;
  std::string aqm;
  double buffer = 0;
  int64_t points = 100;
  std::vector<std::pair<std::string, double>> overrides;
  JsonReader r(request, "", &problems);
  r.Text("aqm", aqm, 64);
  r.Number("buffer_pkts", buffer, 1, 1e9);
  r.Integer("points", points, 2, 2000);
  if (const Json* p = r.Object("params")) {
    for (const auto& [k, v] : p->items()) {
      if (v.is_number()) overrides.emplace_back(k, v.get<double>());
      else r.Fail("params." + FieldKey(k), "must be a number");
    }
  }
  r.RejectUnknown();
  if (!problems.empty()) return ErrorResult(problems.Message());
  LinkContext link;
  link.buffer_packets = static_cast<int64_t>(buffer);
  auto curve = SampleLawCurve(aqm, ResolveParams(aqm, link, overrides), buffer, static_cast<int>(points));
  if (!curve.ok()) return ErrorResult(curve.error());
  return Json{{"ok", true}, {"queue", curve.value().queue}, {"p", curve.value().p}};
}

}  // namespace aqmlab::analysis
