#include "cli/results_commands.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/series_csv.h"
#include "cli/sweep_resume.h"
#include "sweep/sweep_report.h"
#include "sweep/sweep_results.h"

namespace aqmlab {

namespace {

// Reads and parses every file (a partial last line is dropped and
// reported), then sorts and de-duplicates. False after printing why.
bool ReadResults(const std::string& cmd, const std::vector<std::string>& paths, std::vector<ResultLine>& lines) {
  for (const std::string& path : paths) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::cerr << "aqmlab " << cmd << ": cannot read " << path << "\n";
      return false;
    }
    std::stringstream text;
    text << in.rdbuf();
    Result<ParsedResults> parsed = ParseResults(text.str(), path);
    if (!parsed.ok()) {
      std::cerr << "aqmlab " << cmd << ": " << parsed.error() << "\n";
      return false;
    }
    if (!parsed.value().dropped.empty()) std::cerr << "aqmlab " << cmd << ": dropped " << parsed.value().dropped << "\n";
    for (ResultLine& l : parsed.value().lines) lines.push_back(std::move(l));
  }
  if (Status st = SortResults(lines); !st.ok()) {
    std::cerr << "aqmlab " << cmd << ": " << st.error << "\n";
    return false;
  }
  return true;
}

// Writes `text` to `path`, or to stdout when `path` is empty.
int Emit(const std::string& cmd, const std::string& path, const std::string& text) {
  if (path.empty()) {
    std::cout << text << std::flush;
    return std::cout ? 0 : 1;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    std::cerr << "aqmlab " << cmd << ": cannot write " << path << "\n";
    return 1;
  }
  return 0;
}

// With --sweep: every line must be a run of that sweep; the runs no file
// has (every side of) are listed, at most kListedRuns of them.
constexpr size_t kListedRuns = 20;

int MergeMain(const CommandArgs& args) {
  std::optional<SweepPlan> plan;
  if (args.Has("--sweep") && !(plan = ReadSweepFile("merge", args.Value("--sweep")))) return 1;
  std::vector<ResultLine> lines;
  if (!ReadResults("merge", args.positional, lines)) return 1;
  std::vector<int64_t> missing;
  if (plan) {
    for (const ResultLine& l : lines) {
      if (std::string why = CheckAgainstPlan(l, *plan); !why.empty()) {
        std::cerr << "aqmlab merge: " << l.where << ": " << why << "\n";
        return 1;
      }
    }
    missing = IncompleteRuns(lines, *plan);
  }
  std::string text;
  for (const ResultLine& l : lines) text += l.text + "\n";
  // What is there is written either way; the missing runs make the status 1.
  if (const int status = Emit("merge", args.Value("--out"), text); status != 0) return status;
  if (missing.empty()) return 0;
  std::string listed;
  for (size_t i = 0; i < std::min(missing.size(), kListedRuns); ++i) listed += (i ? ", " : "") + std::to_string(missing[i]);
  if (missing.size() > kListedRuns) listed += ", ...";
  std::cerr << "aqmlab merge: " << missing.size() << " of " << plan->run_count << " runs of " << args.Value("--sweep")
            << " are missing or lack a side: " << listed
            << " (aqmlab sweep --index K runs one; a shard re-run with --resume completes its block)\n";
  return 1;
}

std::string CsvNumberOrEmpty(double x) { return std::isfinite(x) ? nlohmann::ordered_json(x).dump() : ""; }

// Long format: one row per point x side x metric, a column per axis.
std::string ReportCsv(const std::vector<ReportRow>& rows) {
  std::string out;
  std::vector<std::string> axes;
  if (!rows.empty()) {
    for (const auto& [path, value] : rows[0].point.items()) axes.push_back(path);
  }
  for (const std::string& a : axes) out += CsvText(a) + ",";
  out += "side,aqm,metric,n,mean,sd,ci_low,ci_high\n";
  for (const ReportRow& row : rows) {
    std::string head;
    for (const std::string& a : axes) {
      auto v = row.point.find(a);
      head += (v == row.point.end() ? "" : v->is_string() ? CsvText(v->get<std::string>()) : v->dump()) + ",";
    }
    head += CsvText(row.side) + "," + CsvText(row.aqm) + ",";
    for (const auto& [name, s] : row.metrics) {
      out += head + CsvText(name) + "," + std::to_string(s.n) + "," + CsvNumberOrEmpty(s.mean) + "," +
             CsvNumberOrEmpty(s.sd) + "," + CsvNumberOrEmpty(s.ci_low) + "," + CsvNumberOrEmpty(s.ci_high) + "\n";
    }
  }
  return out;
}

int ReportMain(const CommandArgs& args) {
  std::vector<ResultLine> lines;
  if (!ReadResults("report", args.positional, lines)) return 1;
  const std::vector<ReportRow> rows = BuildReport(lines);
  std::string text;
  if (args.Has("--csv")) {
    text = ReportCsv(rows);
  } else {
    for (const ReportRow& row : rows) text += ReportRowJson(row).dump() + "\n";
  }
  return Emit("report", args.Value("--out"), text);
}

}  // namespace

const Command kMergeCommand{
    .name = "merge",
    .synopsis = "<a.jsonl> [b.jsonl ...] [--sweep sweep.json] [--out all.jsonl]",
    .help = "Joins sweep result files (e.g. shards) into one, sorted by run then side. A line found twice\n"
            "is kept once; two different lines for the same run and side are an error naming both.\n"
            "  --sweep FILE  the sweep the files come from: a line of another sweep is an error, and runs\n"
            "                missing from every file (a failed shard) are listed; the merge is written, status 1\n"
            "  --out FILE    write to FILE (default stdout)",
    .flags = {{"--sweep", true}, {"--out", true}},
    .min_positional = 1,
    .max_positional = 100000,
    .run = MergeMain,
};

const Command kReportCommand{
    .name = "report",
    .synopsis = "<results.jsonl> [more.jsonl ...] [--csv] [--out FILE]",
    .help = "Per point x side and each summary metric: n, mean, s.d. and the 95% Student-t confidence\n"
            "interval over the seeds; one JSON line per point x side (or CSV, one row per metric).\n"
            "  --csv       CSV instead of JSON Lines\n"
            "  --out FILE  write to FILE (default stdout)",
    .flags = {{"--csv"}, {"--out", true}},
    .min_positional = 1,
    .max_positional = 100000,
    .run = ReportMain,
};

}  // namespace aqmlab
