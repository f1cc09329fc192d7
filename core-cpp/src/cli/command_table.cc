#include "cli/command_table.h"

#include <iostream>
#include <string>

#include "scenario/json_text.h"

namespace aqmlab {

namespace {

// "aqmlab run <scenario.json> [--csv out.csv] [--quiet]"
std::string Synopsis(const Command& c) {
  std::string s = "aqmlab ";
  s += c.name;
  if (!c.synopsis.empty()) {
    s += ' ';
    s += c.synopsis;
  }
  return s;
}

void PrintOverview(std::span<const Command* const> commands, std::ostream& out) {
  out << "usage: aqmlab <command> [arguments]   (aqmlab <command> --help for its flags)\n";
  for (const Command* c : commands) out << "  " << Synopsis(*c) << "\n";
}

void PrintCommandHelp(const Command& c) {
  std::cout << "usage: " << Synopsis(c) << "\n" << c.help << "\n";
}

const Command* Find(std::span<const Command* const> commands, std::string_view name) {
  for (const Command* c : commands) {
    if (c->name == name) return c;
  }
  return nullptr;
}

std::string FlagList(const Command& c) {
  std::string list;
  for (const FlagSpec& f : c.flags) list += (list.empty() ? "" : ", ") + std::string(f.name);
  return list.empty() ? "none" : list;
}

bool IsHelp(std::string_view arg) { return arg == "--help" || arg == "-h"; }

// Fills `args` from argv[2..]; on an error prints one line and returns false.
bool ParseArgs(const Command& c, int argc, char** argv, CommandArgs& args) {
  const std::string prefix = "aqmlab " + std::string(c.name) + ": ";
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.size() > 1 && arg[0] == '-') {
      const FlagSpec* spec = nullptr;
      for (const FlagSpec& f : c.flags) {
        if (f.name == arg) spec = &f;
      }
      if (spec == nullptr) {
        std::cerr << prefix << "unknown option " << Quoted(arg) << " (allowed: " << FlagList(c) << ")\n";
        return false;
      }
      if (args.Has(arg)) {
        std::cerr << prefix << arg << ": given twice\n";
        return false;
      }
      if (!spec->takes_value) {
        args.switches.push_back(arg);
      } else if (i + 1 < argc) {
        args.values[arg] = argv[++i];
      } else {
        std::cerr << prefix << arg << ": needs a value\n";
        return false;
      }
    } else {
      args.positional.push_back(arg);
    }
  }
  const int n = static_cast<int>(args.positional.size());
  if (n < c.min_positional || n > c.max_positional) {
    std::cerr << prefix << "expected " << (c.synopsis.empty() ? "no arguments" : c.synopsis) << " (got " << n << " argument" << (n == 1 ? "" : "s")
              << "; aqmlab " << c.name << " --help)\n";
    return false;
  }
  return true;
}

}  // namespace

int DispatchCommand(std::span<const Command* const> commands, int argc, char** argv) {
  if (argc < 2) {
    PrintOverview(commands, std::cerr);
    return 2;
  }
  const std::string name = argv[1];
  if (IsHelp(name) || name == "help") {
    if (name == "help" && argc > 2) {
      if (const Command* c = Find(commands, argv[2])) {
        if (c->run_argv != nullptr) {
          char help[] = "--help";
          char* args[] = {argv[2], help, nullptr};
          return c->run_argv(2, args);
        }
        PrintCommandHelp(*c);
        return 0;
      }
      std::cerr << "aqmlab help: unknown command " << Quoted(argv[2]) << "\n";
      return 2;
    }
    PrintOverview(commands, std::cout);
    return 0;
  }
  const Command* c = Find(commands, name);
  if (c == nullptr) {
    std::cerr << "aqmlab: unknown command " << Quoted(name) << " (aqmlab --help lists them)\n";
    return 2;
  }
  if (c->run_argv != nullptr) return c->run_argv(argc - 1, argv + 1);
  for (int i = 2; i < argc; ++i) {
    if (IsHelp(argv[i])) {
      PrintCommandHelp(*c);
      return 0;
    }
  }
  CommandArgs args;
  if (!ParseArgs(*c, argc, argv, args)) return 2;
  return c->run(args);
}

}  // namespace aqmlab
