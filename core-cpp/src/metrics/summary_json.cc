#include "metrics/summary_json.h"

#include <cstdio>

#include <nlohmann/json.hpp>

namespace aqmlab {

namespace {

nlohmann::ordered_json CompletionJson(const CompletionSummary& c) {
  nlohmann::ordered_json j = {{"count", c.count}};
  if (c.count > 0) {
    j["mean_s"] = c.mean_s;
    j["p50_s"] = c.p50_s;
    j["p95_s"] = c.p95_s;
  } else {
    j["mean_s"] = nullptr;
    j["p50_s"] = nullptr;
    j["p95_s"] = nullptr;
  }
  return j;
}

nlohmann::ordered_json Nullable(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
}

nlohmann::ordered_json ClassDelayJson(const std::optional<ClassDelay>& d) {
  if (!d) return nlohmann::ordered_json();
  return {{"mean_ms", d->mean_ms}, {"p50_ms", d->p50_ms}, {"p95_ms", d->p95_ms},
          {"p99_ms", d->p99_ms},   {"jitter_ms", d->jitter_ms}};
}

// The figures a whole run and a window share, appended to `j`.
void AddFigures(nlohmann::ordered_json& j, const Summary& s) {
  j["measured_s"] = s.measured_s;
  j["mean_queue_pkts"] = s.mean_queue_pkts;
  j["p95_queue_pkts"] = s.p95_queue_pkts;
  j["queue_sd_pkts"] = s.queue_sd_pkts;
  j["queue_mad_pkts"] = s.queue_mad_pkts;
  j["mean_delay_ms"] = s.mean_delay_ms;
  j["p50_delay_ms"] = s.p50_delay_ms;
  j["p95_delay_ms"] = s.p95_delay_ms;
  j["p99_delay_ms"] = s.p99_delay_ms;
  j["delay_sd_ms"] = s.delay_sd_ms;
  j["jitter_ms"] = s.jitter_ms;
  j["utilisation"] = s.utilisation;
  j["throughput_mbps"] = s.throughput_mbps;
  j["goodput_mbps"] = s.goodput_mbps;
  j["loss_ratio"] = s.loss_ratio;
  j["mark_ratio"] = s.mark_ratio;
  j["signal_ratio"] = s.signal_ratio;
  j["fairness"] = s.fairness;
  j["arrivals"] = s.arrivals;
  j["departures"] = s.departures;
  j["drops_overflow"] = s.drops_overflow;
  j["drops_forced"] = s.drops_forced;
  j["drops_early"] = s.drops_early;
  j["marks"] = s.marks;
}

void AddClasses(nlohmann::ordered_json& j, const Summary& s) {
  j["classes"] = nlohmann::ordered_json::array();
  for (const ClassSummary& c : s.classes) {
    nlohmann::ordered_json cj = {{"name", c.name},
                                 {"goodput_mbps", c.goodput_mbps},
                                 {"throughput_mbps", c.throughput_mbps}};
    cj["loss_ratio"] = Nullable(c.loss_ratio);
    cj["completions"] = c.completions ? CompletionJson(*c.completions) : nlohmann::ordered_json();
    cj["pages"] = c.pages ? CompletionJson(*c.pages) : nlohmann::ordered_json();
    cj["delay"] = ClassDelayJson(c.delay);
    j["classes"].push_back(cj);
  }
  j["short_flows"] = s.short_flows ? CompletionJson(*s.short_flows) : nlohmann::ordered_json();
  j["pages"] = s.pages ? CompletionJson(*s.pages) : nlohmann::ordered_json();
}

// Each long-lived TCP group's figures, and the ratio of their throughputs
// (after every older field, so a reader of those sees them unmoved).
void AddGroups(nlohmann::ordered_json& j, const Summary& s) {
  j["groups"] = nlohmann::ordered_json::array();
  for (const GroupSummary& g : s.groups) {
    j["groups"].push_back({{"group", g.index},
                           {"class", g.traffic_class},
                           {"sender", g.sender},
                           {"flows", g.flows},
                           {"goodput_mbps", g.goodput_mbps},
                           {"throughput_mbps", Nullable(g.throughput_mbps)},
                           {"share", Nullable(g.share)},
                           {"rtt_ms", Nullable(g.rtt_ms)},
                           {"base_rtt_ms", Nullable(g.base_rtt_ms)},
                           {"loss_ratio", Nullable(g.loss_ratio)},
                           {"mark_ratio", Nullable(g.mark_ratio)}});
    // Only when on: a summary without SACK reads as before it existed.
    if (g.sack) j["groups"].back()["sack"] = true;
  }
  j["group_throughput_ratio"] = Nullable(s.group_throughput_ratio);
}

void AddTransient(nlohmann::ordered_json& j, const TransientSummary& t) {
  j["max_queue_pkts"] = t.max_queue_pkts;
  j["max_1s_mean_queue_pkts"] = Nullable(t.max_1s_mean_queue_pkts);
  j["full_fraction"] = t.full_fraction;
  j["empty_fraction"] = t.empty_fraction;
}

nlohmann::ordered_json WindowJson(const WindowSummary& w) {
  if (!w.started) return nlohmann::ordered_json();
  nlohmann::ordered_json j = {{"from_s", w.from_s}, {"to_s", w.to_s}};
  AddFigures(j, w.summary);
  AddClasses(j, w.summary);
  AddTransient(j, w.summary.transient);
  j["settling_time_s"] = Nullable(w.summary.transient.settling_time_s);
  AddGroups(j, w.summary);
  return j;
}

}  // namespace

std::string SummaryToJson(const Summary& s, const std::string& side_name, const std::string& aqm) {
  nlohmann::ordered_json j;
  j["side"] = side_name;
  j["aqm"] = aqm;
  AddFigures(j, s);
  j["events"] = s.events;
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(s.series_hash));
  j["series_hash"] = hash;
  AddClasses(j, s);
  for (const LinkSummary& l : s.links) {
    j[l.name] = {{"mean_queue_pkts", l.mean_queue_pkts}, {"queue_sd_pkts", l.queue_sd_pkts},
                 {"mean_delay_ms", l.mean_delay_ms},     {"utilisation", l.utilisation},
                 {"throughput_mbps", l.throughput_mbps}, {"loss_ratio", l.loss_ratio},
                 {"mark_ratio", l.mark_ratio},           {"signal_ratio", l.signal_ratio},
                 {"arrivals", l.arrivals},
                 {"departures", l.departures},           {"drops", l.drops},
                 {"marks", l.marks}};
  }
  // Only for a discipline with several queues: other runs' summaries stay as they were.
  if (!s.queues.empty()) {
    j["queues"] = nlohmann::ordered_json::array();
    for (const QueueSummary& q : s.queues) {
      j["queues"].push_back({{"name", q.name},
                             {"label", q.label},
                             {"mean_delay_ms", q.mean_delay_ms},
                             {"p99_delay_ms", q.p99_delay_ms},
                             {"throughput_mbps", q.throughput_mbps},
                             {"departures", q.departures}});
    }
  }
  j["response_time_s"] = Nullable(s.response_time_s);
  AddTransient(j, s.transient);
  j["windows"] = nlohmann::ordered_json::object();
  for (const WindowSummary& w : s.windows) j["windows"][w.name] = WindowJson(w);
  AddGroups(j, s);
  return j.dump();
}

}  // namespace aqmlab
