#include "scenario/window_spec.h"

#include "scenario/event_spec.h"
#include "scenario/json_text.h"
#include "sim/format.h"

namespace aqmlab {

namespace {

void ReadWindow(const Json& j, const std::string& path, Problems* problems, double duration_s,
                const std::vector<WindowSpec>& earlier, WindowSpec& w) {
  JsonReader r(j, path, problems);
  if (!r.ok()) return;
  bool given = true;
  for (const char* key : {"name", "from_s", "to_s"}) {
    if (!r.Has(key)) r.Fail(r.Field(key), "is required");
    given = given && r.Has(key);
  }
  r.Text("name", w.name, kMaxWindowNameLength);
  if (r.Took("name")) {
    if (w.name.empty()) r.Fail(r.Field("name"), "must not be empty");
    for (const WindowSpec& e : earlier) {
      if (!w.name.empty() && e.name == w.name) {
        r.Fail(r.Field("name"), Quoted(w.name) + " names another window too");
        break;
      }
    }
  }
  r.Number("from_s", w.from_s, 0, duration_s);
  r.Number("to_s", w.to_s, 0, duration_s);
  if (given && r.Fine({"from_s", "to_s"}) && w.to_s <= w.from_s) {
    r.Fail(r.Field("to_s"), "must be in (from_s, duration_s] = (" + FormatNumber(w.from_s) + ", " +
                                FormatNumber(duration_s) + "], got " + FormatNumber(w.to_s));
  }
  r.Number("target_pkts", w.target_pkts, 0, 1000000);
  r.Number("tolerance_pkts", w.tolerance_pkts, 0.001, 1000000);
  if (r.Fine({"target_pkts"}) && w.tolerance_pkts && !w.target_pkts) {
    r.Fail(r.Field("tolerance_pkts"), "needs target_pkts (the queue to settle at)");
  }
  r.RejectUnknown();
}

}  // namespace

void ReadWindows(JsonReader& r, Problems* problems, double duration_s, std::vector<WindowSpec>& out) {
  const Json* windows = r.Array("windows", kMaxWindows);
  if (!windows) return;
  for (size_t i = 0; i < windows->size(); ++i) {
    WindowSpec w;
    ReadWindow((*windows)[i], Indexed("windows", i), problems, duration_s, out, w);
    out.push_back(std::move(w));
  }
}

double WindowTolerance(const WindowSpec& w) {
  if (w.tolerance_pkts) return *w.tolerance_pkts;
  return w.target_pkts ? 0.1 * *w.target_pkts : 0.0;
}

}  // namespace aqmlab
