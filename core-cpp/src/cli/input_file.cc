#include "cli/input_file.h"

#include <filesystem>
#include <fstream>

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

}  // namespace aqmlab
