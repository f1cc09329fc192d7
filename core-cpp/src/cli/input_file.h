// Reading a JSON input file (a scenario, a sweep or an analysis model) with
// the size cap the page's file reader has, for every command that takes one.
#pragma once

#include <string>
#include <string_view>

namespace aqmlab {

// The most an input file may have, as the page's file reader allows
// (web/src/scenario/scenario-file.ts): read no further than that.
inline constexpr long kMaxInputFileBytes = 2 * 1024 * 1024;

// An empty message when read into `out`; otherwise why not, naming the
// file and its kind ("scenario file", "sweep file", "model file"). A
// directory is refused as such. A UTF-8 byte-order mark at the start is
// left in `out`: the JSON parser skips it, as it does the page's.
std::string ReadInputFile(const std::string& path, std::string_view kind, std::string& out);

// "<path>: is a directory, not a <kind>" when `path` is a directory, else "".
std::string DirectoryRefusal(const std::string& path, std::string_view kind);

// At most this many of a file's problems are printed, then how many more.
inline constexpr size_t kMaxShownProblems = 20;

// What `aqmlab <command>` prints on stderr for an input file's problems (an
// error's message, one problem per line): a lone problem on one line as
// "aqmlab run: <path>: <problem>"; several after a count line
// ("aqmlab run: 3 problems in <path>:"), one per line, indented.
std::string ProblemReport(std::string_view command, const std::string& path, const std::string& message);

}  // namespace aqmlab
