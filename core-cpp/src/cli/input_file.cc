#include "cli/input_file.h"

#include <fstream>

namespace aqmlab {

std::string ReadInputFile(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot read " + path;
  out.resize(static_cast<size_t>(kMaxInputFileBytes) + 1);
  in.read(out.data(), kMaxInputFileBytes + 1);
  if (in.bad()) return "cannot read " + path;
  out.resize(static_cast<size_t>(in.gcount()));
  if (static_cast<long>(out.size()) > kMaxInputFileBytes) {
    return path + ": more than the " + std::to_string(kMaxInputFileBytes) + " bytes a scenario file may have";
  }
  return "";
}

}  // namespace aqmlab
