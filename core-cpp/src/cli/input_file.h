// Reading a scenario or sweep file from the command line, with a size cap.
#pragma once

#include <string>

namespace aqmlab {

// The most a scenario (or sweep) file may have, as the page's file reader
// allows (web/src/scenario/scenario-file.ts): read no further than that.
constexpr long kMaxInputFileBytes = 2 * 1024 * 1024;

// Reads `path` into `out`; an empty message when read, otherwise why not.
std::string ReadInputFile(const std::string& path, std::string& out);

}  // namespace aqmlab
