// Reading a JSON input file (a scenario or an analysis model) with the size
// cap the page's file reader has, for every command that takes one.
#pragma once

#include <string>

namespace aqmlab {

// The most an input file may have, as the page's file reader allows
// (web/src/scenario/scenario-file.ts): read no further than that.
inline constexpr long kMaxInputFileBytes = 2 * 1024 * 1024;

// An empty message when read into `out`; otherwise why not.
std::string ReadInputFile(const std::string& path, std::string& out);

}  // namespace aqmlab
