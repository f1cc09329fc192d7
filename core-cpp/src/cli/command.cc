#include "cli/command.h"

#include <algorithm>
#include <iostream>

#include "scenario/json_text.h"

namespace aqmlab {

bool CommandArgs::Has(std::string_view flag) const {
  return values.find(flag) != values.end() || std::find(switches.begin(), switches.end(), flag) != switches.end();
}

std::string CommandArgs::Value(std::string_view flag, std::string fallback) const {
  auto it = values.find(flag);
  return it == values.end() ? fallback : it->second;
}

bool ParsePlainInteger(std::string_view text, long& out) {
  const bool negative = !text.empty() && text[0] == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string_view::npos ||
      (digits[0] == '0' && (digits.size() > 1 || negative))) {
    return false;
  }
  long n = 0;
  for (char c : digits) n = n * 10 + (c - '0');
  out = negative ? -n : n;
  return true;
}

bool IntFlag(const CommandArgs& args, std::string_view cmd, std::string_view flag, long lo, long hi, long& out) {
  if (!args.Has(flag)) return true;
  const std::string text = args.Value(flag);
  long n = 0;
  if (!ParsePlainInteger(text, n) || n < lo || n > hi) {
    std::cerr << "aqmlab " << cmd << ": " << flag << ": must be an integer in [" << lo << ", " << hi << "], got "
              << Quoted(text) << "\n";
    return false;
  }
  out = n;
  return true;
}

}  // namespace aqmlab
