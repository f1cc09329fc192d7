// The command table of `aqmlab`: each command lives in its own
// cli/<name>_command.{h,cc} and declares one `Command`; main.cc lists them.
// The table, not each command, handles `--help`, unknown flags, missing
// flag values and the number of positional arguments, so every command
// behaves alike.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace aqmlab {

// A flag a command accepts: `--name` alone (a switch) or `--name <value>`.
struct FlagSpec {
  std::string_view name;  // with the leading dashes: "--csv"
  bool takes_value = false;
};

// The command line after the command name, checked against its flags.
struct CommandArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::string, std::less<>> values;  // flags with a value
  std::vector<std::string> switches;                        // flags without one

  bool Has(std::string_view flag) const;
  // The flag's value, or `fallback` when the flag was not given.
  std::string Value(std::string_view flag, std::string fallback = "") const;
};

struct Command {
  std::string_view name;
  // After "aqmlab <name> ": the positional arguments and flags.
  std::string_view synopsis;
  // What it does, and each flag, a line each (no trailing newline).
  std::string_view help;
  std::vector<FlagSpec> flags;
  int min_positional = 0;
  int max_positional = 0;
  int (*run)(const CommandArgs& args) = nullptr;
  // Instead of `run`, for a command that reads its own arguments (argv[0]
  // is its name): the table passes everything on, --help included.
  int (*run_argv)(int argc, char** argv) = nullptr;
};

// A plain decimal integer: digits, an optional leading '-', no sign '+', no
// space and no leading zero (so "01", "+1" and " 1" are refused, not read
// as 1). False when `text` is not one.
bool ParsePlainInteger(std::string_view text, long& out);

// Parses `--flag` as an integer in [lo, hi] into `out` (untouched when the
// flag is absent). On a bad value prints "aqmlab <cmd>: --flag: must be an
// integer in [lo, hi], got "X"" to stderr and returns false.
bool IntFlag(const CommandArgs& args, std::string_view cmd, std::string_view flag, long lo, long hi, long& out);

}  // namespace aqmlab
