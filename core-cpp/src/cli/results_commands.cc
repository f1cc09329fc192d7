#include "cli/results_commands.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>

#include "cli/report_plot.h"
#include "cli/result_files.h"
#include "cli/series_csv.h"
#include "cli/sweep_resume.h"
#include "scenario/json_text.h"
#include "sweep/sweep_report.h"
#include "sweep/sweep_results.h"

namespace aqmlab {

namespace {

// Where a command's output goes: stdout, or `path` written beside it
// ("<path>.part") and renamed over it at the end, so a failed command
// leaves no half-written file.
class Output {
 public:
  explicit Output(std::string path) : path_(std::move(path)) {
    if (!path_.empty()) file_.open(path_ + ".part", std::ios::binary | std::ios::trunc);
  }
  bool ok() const { return path_.empty() ? static_cast<bool>(std::cout) : static_cast<bool>(file_); }
  void Write(const std::string& text) {
    if (path_.empty()) {
      std::cout << text;
    } else {
      file_ << text;
    }
  }
  // 0, or 1 after printing why.
  int Close(const std::string& cmd, bool keep) {
    if (path_.empty()) {
      std::cout << std::flush;
      return std::cout ? 0 : 1;
    }
    file_.close();
    std::error_code ec;
    if (!keep) {
      std::filesystem::remove(path_ + ".part", ec);
      return 0;
    }
    if (file_) std::filesystem::rename(path_ + ".part", path_, ec);
    if (!file_ || ec) {
      std::cerr << "aqmlab " << cmd << ": cannot write " << path_ << "\n";
      return 1;
    }
    return 0;
  }

 private:
  std::string path_;
  std::ofstream file_;
};

// --out must not be one of the inputs: it is written while they are read.
bool OutIsNotAnInput(const std::string& cmd, const CommandArgs& args) {
  if (!args.Has("--out") || !IsOneOf(args.Value("--out"), args.positional)) return true;
  std::cerr << "aqmlab " << cmd << ": --out: " << args.Value("--out")
            << " is one of the input files (it would be overwritten)\n";
  return false;
}

// Reads, checks, sorts and de-duplicates the files. False after printing why.
bool ReadResults(const std::string& cmd, const std::vector<std::string>& paths, ResultFiles& files,
                 const std::function<std::string(const ResultLine&)>& check = {}) {
  Status st = files.Read(paths, check);
  for (const std::string& d : files.dropped()) std::cerr << "aqmlab " << cmd << ": dropped " << d << "\n";
  if (st.ok()) st = files.Sort();
  if (!st.ok()) std::cerr << "aqmlab " << cmd << ": " << st.error << "\n";
  return st.ok();
}

// With --sweep: every line must be a run of that sweep; the runs no file
// has (every side of) are listed, at most kListedRuns of them.
constexpr size_t kListedRuns = 20;

int MergeMain(const CommandArgs& args) {
  if (!OutIsNotAnInput("merge", args)) return 2;
  std::optional<SweepPlan> plan;
  if (args.Has("--sweep") && !(plan = ReadSweepFile("merge", args.Value("--sweep")))) return 1;
  ResultFiles files;
  std::function<std::string(const ResultLine&)> check;
  if (plan) check = [&plan](const ResultLine& l) { return CheckAgainstPlan(l, *plan); };
  if (!ReadResults("merge", args.positional, files, check)) return 1;
  Output out(args.Value("--out"));
  for (const LineRef& ref : files.lines()) {
    Result<std::string> text = files.Text(ref);
    if (!text.ok()) {
      std::cerr << "aqmlab merge: " << text.error() << "\n";
      out.Close("merge", false);
      return 1;
    }
    out.Write(text.value() + "\n");
  }
  // What is there is written either way; the missing runs make the status 1.
  if (const int status = out.Close("merge", true); status != 0) return status;
  const std::vector<int64_t> missing = plan ? IncompleteRuns(files.lines(), *plan) : std::vector<int64_t>{};
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

// Long format: one row per point x side x metric, a column per axis (the
// first row's); the header comes with the first row.
std::string ReportCsvRows(const std::vector<ReportRow>& rows, std::vector<std::string>& axes, bool& headed) {
  std::string out;
  if (!headed) {
    if (!rows.empty()) {
      for (const auto& [path, value] : rows[0].point.items()) axes.push_back(path);
    }
    for (const std::string& a : axes) out += CsvText(a) + ",";
    out += "side,aqm,metric,n,mean,sd,ci_low,ci_high\n";
    headed = true;
  }
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

// --plot's options; false after printing why.
bool ReadPlotOptions(const CommandArgs& args, PlotOptions& o) {
  for (const char* flag : {"--x", "--y", "--x-label", "--y-label", "--x-scale", "--log-x", "--log-y", "--censored-label"}) {
    if (args.Has(flag) && !args.Has("--plot")) {
      std::cerr << "aqmlab report: " << flag << ": only with --plot\n";
      return false;
    }
  }
  o.x = args.Value("--x");
  o.y = args.Value("--y");
  o.x_label = args.Value("--x-label");
  o.y_label = args.Value("--y-label");
  o.censored_label = args.Value("--censored-label");
  o.log_x = args.Has("--log-x");
  o.log_y = args.Has("--log-y");
  o.inputs = args.positional;
  if (args.Has("--x-scale")) {
    const std::string text = args.Value("--x-scale");
    char* end = nullptr;
    o.x_scale = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(o.x_scale) || o.x_scale <= 0) {
      std::cerr << "aqmlab report: --x-scale: must be a number > 0, got " << Quoted(text) << "\n";
      return false;
    }
  }
  if (args.Has("--plot") && (args.Has("--csv") || args.Has("--out"))) {
    std::cerr << "aqmlab report: --plot: writes the figure only (not with --csv or --out)\n";
    return false;
  }
  return true;
}

// The report, streamed: the lines in run order, each point's rows written
// as soon as the next point starts (or, with --plot, drawn at the end).
int ReportMain(const CommandArgs& args) {
  if (!OutIsNotAnInput("report", args)) return 2;
  PlotOptions plot_options;
  if (!ReadPlotOptions(args, plot_options)) return 2;
  if (args.Has("--plot") && IsOneOf(args.Value("--plot"), args.positional)) {
    std::cerr << "aqmlab report: --plot: " << args.Value("--plot") << " is one of the input files\n";
    return 2;
  }
  ResultFiles files;
  if (!ReadResults("report", args.positional, files)) return 1;
  std::optional<ReportPlot> plot;
  if (args.Has("--plot")) plot.emplace(plot_options);
  const bool csv = args.Has("--csv");
  std::vector<std::string> axes;
  bool headed = false;
  Output out(plot ? args.Value("--plot") : args.Value("--out"));
  auto write = [&](const std::vector<ReportRow>& rows) {
    if (plot) {
      plot->Add(rows);
    } else if (csv) {
      if (!rows.empty() || !headed) out.Write(ReportCsvRows(rows, axes, headed));
    } else {
      for (const ReportRow& row : rows) out.Write(ReportRowText(row) + "\n");
    }
  };
  ReportBuilder builder;
  for (const LineRef& ref : files.lines()) {
    Result<ResultLine> line = files.Line(ref);
    Status st = line.ok() ? builder.Add(line.value()) : Status{line.error()};
    if (!st.ok()) {
      std::cerr << "aqmlab report: " << st.error << "\n";
      out.Close("report", false);
      return 1;
    }
    if (std::vector<ReportRow> rows = builder.TakeRows(); !rows.empty()) write(rows);
  }
  builder.Finish();
  write(builder.TakeRows());
  if (plot) {
    Result<std::string> svg = plot->Svg();
    if (!svg.ok()) {
      std::cerr << "aqmlab report: " << svg.error() << "\n";
      out.Close("report", false);
      return 1;
    }
    out.Write(svg.value());
  }
  return out.Close("report", true);
}

}  // namespace

const Command kMergeCommand{
    .name = "merge",
    .synopsis = "<a.jsonl> [b.jsonl ...] [--sweep sweep.json] [--out all.jsonl]",
    .help = "Joins sweep result files (e.g. shards) into one, sorted by run then side. A line found twice\n"
            "is kept once; two different lines for the same run and side are an error naming both.\n"
            "  --sweep FILE  the sweep the files come from: a line of another sweep is an error, and runs\n"
            "                missing from every file (a failed shard) are listed; the merge is written, status 1\n"
            "  --out FILE    write to FILE (default stdout; not one of the inputs)",
    .flags = {{"--sweep", true}, {"--out", true}},
    .min_positional = 1,
    .max_positional = 100000,
    .run = MergeMain,
};

const Command kReportCommand{
    .name = "report",
    .synopsis = "<results.jsonl> [more.jsonl ...] [--csv] [--out FILE | --plot fig.svg [plot options]]",
    .help = "Per point x side and each summary metric: n, mean, s.d. and the 95% Student-t confidence\n"
            "interval over the seeds; one JSON line per point x side (or CSV, one row per metric).\n"
            "  --csv       CSV instead of JSON Lines\n"
            "  --out FILE  write to FILE (default stdout; not one of the inputs)\n"
            "  --plot FILE an SVG figure instead: a metric against an axis, a line per side, mean and 95% CI\n"
            "              whiskers, runs without a value as censored marks (docs/sweep-figures.md); with\n"
            "    --x PATH (default the first axis)  --y METRIC (default the first)  --x-label TEXT\n"
            "    --x-scale F (x drawn times F)  --y-label TEXT  --log-x  --log-y  --censored-label TEXT",
    .flags = {{"--csv"},
              {"--out", true},
              {"--plot", true},
              {"--x", true},
              {"--y", true},
              {"--x-label", true},
              {"--y-label", true},
              {"--x-scale", true},
              {"--log-x"},
              {"--log-y"},
              {"--censored-label", true}},
    .min_positional = 1,
    .max_positional = 100000,
    .run = ReportMain,
};

}  // namespace aqmlab
