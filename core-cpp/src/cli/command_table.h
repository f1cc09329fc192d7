// Dispatch over the command table: help, usage and argument checks shared
// by every command (see command.h).
#pragma once

#include <span>

#include "cli/command.h"

namespace aqmlab {

// Runs `aqmlab <argv[1]> ...` against `commands`; returns the exit status.
//   aqmlab, aqmlab --help, -h, help     the usage of every command, on stdout, exit 0
//   aqmlab help <command>, <command> --help | -h
//                                       that command's usage, on stdout, exit 0
//   unknown command, flag or a missing value: one line on stderr naming it, exit 2
// (`aqmlab` alone prints the usage and exits 2: it was asked nothing.)
int DispatchCommand(std::span<const Command* const> commands, int argc, char** argv);

}  // namespace aqmlab
