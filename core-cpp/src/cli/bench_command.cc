#include "cli/bench_command.h"

#include "cli/bench.h"

namespace aqmlab {

namespace {

int BenchMain(const CommandArgs& args) {
  const bool quick = args.Has("--quick");
  long repeat = quick ? 1 : 5;
  long only = -1;  // every case
  if (!IntFlag(args, "bench", "--repeat", 1, 100, repeat)) return 2;
  if (!IntFlag(args, "bench", "--case", 0, BenchmarkCount() - 1, only)) return 2;
  return args.Has("--list") ? ListBenchmarks(quick) : RunBenchmarks(quick, static_cast<int>(repeat), static_cast<int>(only));
}

}  // namespace

const Command kBenchCommand{
    .name = "bench",
    .synopsis = "[--quick] [--list] [--repeat N] [--case K]",
    .help = "Times the reference scenarios; one JSON line per case.\n"
            "  --quick     shrunk cases, for a CI smoke run\n"
            "  --list      print the cases as JSON instead of running them\n"
            "  --repeat N  runs per case, 1 to 100 (default 5; 1 with --quick); the median is reported\n"
            "  --case K    run case K only",
    .flags = {{"--quick"}, {"--list"}, {"--repeat", true}, {"--case", true}},
    .run = BenchMain,
};

}  // namespace aqmlab
