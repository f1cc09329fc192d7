// aqmlab: the command line of the simulator. `aqmlab --help` lists the
// commands; `aqmlab <command> --help` explains one.
//
// Adding a command: write cli/<name>_command.{h,cc} that defines
//   extern const Command k<Name>Command;   (command.h: name, synopsis, help,
//                                           flags, positional count, run)
// include its header below and add `&k<Name>Command` to kCommands (one
// line). The table handles --help, unknown flags and missing values.
// (A command that reads its own argv, like analyze, sets run_argv instead
// of run and flags; the table then hands it everything.)
#include "cli/analyze_command.h"
#include "cli/bench_command.h"
#include "cli/command_table.h"
#include "cli/info_commands.h"
#include "cli/results_commands.h"
#include "cli/run_command.h"
#include "cli/sweep_command.h"

namespace {

// Listed in this order by `aqmlab --help`.
const aqmlab::Command* const kCommands[] = {
    &aqmlab::kRunCommand,
    &aqmlab::kAqmsCommand,
    &aqmlab::kSendersCommand,
    &aqmlab::kDefaultScenarioCommand,
    &aqmlab::kSweepCommand,
    &aqmlab::kMergeCommand,
    &aqmlab::kReportCommand,
    &aqmlab::kBenchCommand,
    &aqmlab::kAnalyzeCommand,
};

}  // namespace

int main(int argc, char** argv) { return aqmlab::DispatchCommand(kCommands, argc, argv); }
