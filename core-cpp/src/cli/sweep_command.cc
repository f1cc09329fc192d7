#include "cli/sweep_command.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>
#include <thread>

#include "cli/sweep_estimate.h"
#include "cli/sweep_pool.h"
#include "cli/sweep_resume.h"
#include "scenario/json_text.h"
#include "sweep/sweep_spec.h"

namespace aqmlab {

namespace {

constexpr long kMaxShards = 100000;

// The runs a process is asked for: all, one shard (a contiguous block, so
// each task gets several neighbouring runs) or one index. False after
// printing why.
bool SelectRuns(const CommandArgs& args, const SweepPlan& plan, std::vector<int64_t>& runs) {
  int64_t from = 0, to = plan.run_count;
  if (args.Has("--shard") && args.Has("--index")) {
    std::cerr << "aqmlab sweep: --shard and --index: give one or the other\n";
    return false;
  }
  if (args.Has("--index")) {
    long k = 0;
    if (!IntFlag(args, "sweep", "--index", 0, static_cast<long>(plan.run_count - 1), k)) return false;
    from = k;
    to = k + 1;
  }
  if (args.Has("--shard")) {
    const std::string s = args.Value("--shard");
    const size_t slash = s.find('/');
    long i = -1, n = -1;
    if (slash == std::string::npos || !ParsePlainInteger(std::string_view(s).substr(0, slash), i) ||
        !ParsePlainInteger(std::string_view(s).substr(slash + 1), n) || n < 1 || n > kMaxShards || i < 0 || i >= n) {
      std::cerr << "aqmlab sweep: --shard: must be I/N with N in [1, " << kMaxShards << "] and I in [0, N-1], got "
                << Quoted(s) << "\n";
      return false;
    }
    // Shard i of n: runs [i R / n, (i + 1) R / n).
    from = plan.run_count * i / n;
    to = plan.run_count * (i + 1) / n;
  }
  for (int64_t r = from; r < to; ++r) runs.push_back(r);
  return true;
}

int ListRuns(const SweepPlan& plan, const std::vector<int64_t>& runs) {
  for (int64_t r : runs) {
    nlohmann::ordered_json j = {{"run", r}, {"point", plan.PointJson(plan.PointOf(r))}, {"seed", plan.SeedOf(r)}};
    std::cout << j.dump() << "\n";
  }
  return 0;
}

int SweepMain(const CommandArgs& args) {
  const std::optional<SweepPlan> parsed = ReadSweepFile("sweep", args.positional[0]);
  if (!parsed) return 1;
  const SweepPlan& plan = *parsed;
  long jobs = static_cast<long>(std::max(1u, std::thread::hardware_concurrency()));
  if (!IntFlag(args, "sweep", "--jobs", 1, 1024, jobs)) return 2;
  long tasks = 0;
  if (!IntFlag(args, "sweep", "--tasks", 1, kMaxShards, tasks)) return 2;
  if (args.Has("--tasks") && !args.Has("--estimate")) {
    std::cerr << "aqmlab sweep: --tasks: only with --estimate\n";
    return 2;
  }
  if (args.Has("--estimate")) return EstimateSweep(plan, {tasks, static_cast<int>(args.Has("--jobs") ? jobs : 1)});
  std::vector<int64_t> runs;
  if (!SelectRuns(args, plan, runs)) return 2;
  if (args.Has("--list")) return ListRuns(plan, runs);

  const std::string out_path = args.Value("--out");
  const bool resume = args.Has("--resume");
  if (resume && out_path.empty()) {
    std::cerr << "aqmlab sweep: --resume: needs --out (the results file to continue)\n";
    return 2;
  }
  std::FILE* out = stdout;
  if (!out_path.empty()) {
    std::error_code ec;
    if (!resume && std::filesystem::file_size(out_path, ec) > 0 && !ec) {
      std::cerr << "aqmlab sweep: " << out_path << " already holds results (--resume continues it; or remove it)\n";
      return 1;
    }
    std::set<int64_t> done;
    if (resume) {
      if (Status st = PrepareResume(out_path, plan, done); !st.ok()) {
        std::cerr << "aqmlab sweep: " << st.error << "\n";
        return 1;
      }
      std::erase_if(runs, [&](int64_t r) { return done.count(r) > 0; });
      if (!args.Has("--quiet")) std::cerr << "aqmlab sweep: resuming; " << done.size() << " runs already done\n";
    }
    out = std::fopen(out_path.c_str(), resume ? "ab" : "wb");
    if (out == nullptr) {
      std::cerr << "aqmlab sweep: cannot write " << out_path << "\n";
      return 1;
    }
  }
  SweepProgress::Mode mode = args.Has("--quiet")         ? SweepProgress::Mode::kOff
                             : isatty(STDERR_FILENO) != 0 ? SweepProgress::Mode::kBar
                                                          : SweepProgress::Mode::kLines;
  SweepProgress progress(static_cast<int64_t>(runs.size()), mode);
  progress.Start();
  const int64_t failed = RunSweepPool(plan, runs, static_cast<int>(jobs), out, progress);
  progress.Finish();
  const bool write_error = std::ferror(out) != 0;
  if (out != stdout && std::fclose(out) != 0) {
    std::cerr << "aqmlab sweep: cannot write " << out_path << "\n";
    return 1;
  }
  if (write_error) {
    std::cerr << "aqmlab sweep: cannot write " << (out_path.empty() ? "stdout" : out_path) << "\n";
    return 1;
  }
  if (failed > 0) {
    std::cerr << "aqmlab sweep: " << failed << " result line" << (failed == 1 ? "" : "s")
              << " carry an error instead of a summary (see their \"error\")\n";
    return 1;
  }
  return 0;
}

}  // namespace

const Command kSweepCommand{
    .name = "sweep",
    .synopsis = "<sweep.json> [--jobs N] [--out results.jsonl] [--resume] [--list | --estimate [--tasks N]] "
                "[--shard I/N | --index K] [--quiet]",
    .help = "Runs every point x seed of a sweep (core-cpp/SWEEP.md), one JSON line per run and side,\n"
            "each run's lines written and flushed as it ends.\n"
            "  --jobs N        threads, 1 to 1024 (default: every core)\n"
            "  --out FILE      write the lines to FILE (default stdout); refused if FILE holds results already\n"
            "  --resume        continue FILE: skip runs it has, drop a partial last line (reported)\n"
            "  --list          print the selected runs ({run, point, seed}) instead of running them\n"
            "  --shard I/N     run only block I of N (I in [0, N-1]): runs [I R / N, (I + 1) R / N)\n"
            "  --index K       run only run K\n"
            "  --estimate      run a pilot (the first, middle and last run), print its figures on stderr\n"
            "                  and the sbatch options for a job array on stdout (docs/cluster/README.md)\n"
            "  --tasks N       with --estimate: the array's tasks (default: about ten runs a task);\n"
            "                  --jobs J: the CPUs a task runs on (default 1)\n"
            "  --quiet         no progress on stderr (a bar on a terminal, else a line every 10 s)",
    .flags = {{"--jobs", true},
              {"--out", true},
              {"--resume"},
              {"--list"},
              {"--shard", true},
              {"--index", true},
              {"--estimate"},
              {"--tasks", true},
              {"--quiet"}},
    .min_positional = 1,
    .max_positional = 1,
    .run = SweepMain,
};

}  // namespace aqmlab
