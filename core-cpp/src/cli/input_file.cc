#include "cli/input_file.h"

#include <filesystem>
#include <fstream>
#include <vector>

#include "sim/problems.h"

namespace aqmlab {

std::string DirectoryRefusal(const std::string& path, std::string_view kind) {
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return "";
  return path + ": is a directory, not a " + std::string(kind);
}

std::string ReadInputFile(const std::string& path, std::string_view kind, std::string& out) {
  if (std::string why = DirectoryRefusal(path, kind); !why.empty()) return why;
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot read " + path;
  out.resize(static_cast<size_t>(kMaxInputFileBytes) + 1);
  in.read(out.data(), kMaxInputFileBytes + 1);
  if (in.bad()) return "cannot read " + path;
  out.resize(static_cast<size_t>(in.gcount()));
  if (static_cast<long>(out.size()) > kMaxInputFileBytes) {
    return path + ": more than the " + std::to_string(kMaxInputFileBytes) + " bytes a " + std::string(kind) +
           " may have";
  }
  return "";
}

std::string ProblemReport(std::string_view command, const std::string& path, const std::string& message) {
  const std::vector<std::string> lines = ProblemLines(message);
  const std::string head = "aqmlab " + std::string(command) + ": ";
  if (lines.size() <= 1) return head + path + ": " + message + "\n";
  std::string out = head + std::to_string(lines.size()) + " problems in " + path + ":\n";
  for (size_t i = 0; i < lines.size() && i < kMaxShownProblems; ++i) out += "  " + lines[i] + "\n";
  if (lines.size() > kMaxShownProblems) out += "  and " + std::to_string(lines.size() - kMaxShownProblems) + " more\n";
  return out;
}

}  // namespace aqmlab
