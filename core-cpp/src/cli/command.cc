#include "cli/command.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>

namespace aqmlab {

bool CommandArgs::Has(std::string_view flag) const {
  return values.find(flag) != values.end() || std::find(switches.begin(), switches.end(), flag) != switches.end();
}

std::string CommandArgs::Value(std::string_view flag, std::string fallback) const {
  auto it = values.find(flag);
  return it == values.end() ? fallback : it->second;
}

bool IntFlag(const CommandArgs& args, std::string_view cmd, std::string_view flag, long lo, long hi, long& out) {
  if (!args.Has(flag)) return true;
  const std::string text = args.Value(flag);
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || n < lo || n > hi) {
    std::cerr << "aqmlab " << cmd << ": " << flag << ": must be an integer in [" << lo << ", " << hi << "], got "
              << text << "\n";
    return false;
  }
  out = n;
  return true;
}

}  // namespace aqmlab
