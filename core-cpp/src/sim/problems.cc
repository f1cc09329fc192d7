#include "sim/problems.h"

namespace aqmlab {

void Problems::AddAll(std::string_view message, std::string_view prefix, std::string_view suffix) {
  for (std::string& line : ProblemLines(message)) Add(std::string(prefix) + line + std::string(suffix));
}

std::string Problems::Message() const {
  std::string out;
  for (const std::string& p : list_) {
    if (!out.empty()) out += '\n';
    out += p;
  }
  return out;
}

std::vector<std::string> ProblemLines(std::string_view message) {
  std::vector<std::string> out;
  if (message.empty()) return out;
  size_t start = 0;
  while (true) {
    const size_t end = message.find('\n', start);
    out.emplace_back(message.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

std::string PrefixProblems(std::string_view prefix, std::string_view message, std::string_view suffix) {
  Problems p;
  p.AddAll(message, prefix, suffix);
  return p.Message();
}

}  // namespace aqmlab
