#include "analysis/sender_response.h"

#include "analysis/analysis_json.h"
#include "scenario/json_text.h"

namespace aqmlab::analysis {

Result<std::vector<SenderResponsePoint>> EvaluateSenderResponse(const SenderResponseRequest& r) {
  const CcEntry* e = FindCc(r.sender);
  if (!e) return Error{"sender: unknown congestion control '" + r.sender + "' (known: " + CcNames() + ")"};
  if (!e->response) {
    return Error{"sender: " + r.sender + " has no response function (its rate follows its own model, "
                 "not the signal probability)"};
  }
  const CcResponse& law = e->response();
  std::vector<SenderResponsePoint> out;
  for (double p : r.p) {
    auto at = law.at(r.params, p, r.rtt_s);
    if (!at.ok()) return Error{PrefixProblems("params.", at.error())};
    const double w = at.value().window;
    out.push_back({p, w, w * r.segment_bytes * 8 / r.rtt_s / 1e6, std::string(at.value().region)});
  }
  return out;
}

Json SenderResponseJson(const Json& request, const std::string& path) {
  Problems problems;
  SenderResponseRequest req;
  JsonReader r(request, path, &problems);
  r.Text("sender", req.sender, 64);
  r.Number("rtt_s", req.rtt_s, 1e-6, 100);
  r.Number("segment_bytes", req.segment_bytes, 1, 1e6);
  r.NumberList("p", req.p, 1e-12, 1, 2000);
  if (const Json* p = r.Object("params")) {
    for (const auto& [k, v] : p->items()) {
      if (v.is_number()) {
        req.params.emplace_back(k, v.get<double>());
      } else {
        r.Fail(r.Field("params") + "." + FieldKey(k), "must be a number");
      }
    }
  }
  if (r.Fine({"sender"}) && req.sender.empty()) {
    r.Fail(r.Field("sender"), "required: a congestion control's name (" + CcNames() + ")");
  }
  if (r.Fine({"p"}) && req.p.empty()) r.Fail(r.Field("p"), "required: the signal probabilities, each in [1e-12, 1]");
  r.RejectUnknown();
  if (!problems.empty()) return ErrorResult(problems.Message());
  auto points = EvaluateSenderResponse(req);
  if (!points.ok()) return ErrorResult(PrefixProblems(path.empty() ? "" : path + ".", points.error()));
  Json list = Json::array();
  for (const SenderResponsePoint& pt : points.value()) {
    list.push_back(Json{{"p", pt.p}, {"window_segments", pt.window}, {"rate_mbps", pt.rate_mbps}, {"region", pt.region}});
  }
  const CcResponse& law = FindCc(req.sender)->response();
  return Json{{"ok", true},
              {"sender", req.sender},
              {"signal", law.signal == ResponseSignal::kMark ? "mark" : "loss_or_mark"},
              {"points", list}};
}

}  // namespace aqmlab::analysis
