// Reading sweep results (JSON Lines, see sweep_run.h) back: for --resume,
// merge and report.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "scenario/json_reader.h"
#include "sim/result.h"

namespace aqmlab {

// The most keys one object of a result line may have. Parsing keeps an
// object's keys in order, at a cost that grows with the square of their
// number; a real summary has a few dozen.
constexpr size_t kMaxResultObjectKeys = 1000;
// Why a line with an object beyond that is refused (wherever it is).
inline constexpr std::string_view kTooWideLine =
    "an object with more than 1000 keys (a result line's objects have at most 1000)";
static_assert(kMaxResultObjectKeys == 1000, "kTooWideLine quotes the limit");
// The most bytes one result line may have (a summary is a few KiB).
constexpr size_t kMaxResultLineBytes = size_t{2} << 20;

struct ResultLine {
  int64_t run = 0;
  int64_t side_index = 0;
  std::string text;  // the line as written, without its "\n"
  nlohmann::ordered_json json;
  std::string where;  // "<name> line N", for messages
};

struct ParsedResults {
  std::vector<ResultLine> lines;
  // Bytes of `text` up to the end of the last good line.
  size_t good_bytes = 0;
  // When the last line was cut short (no "\n", or not a result line) it is
  // dropped: what was dropped, for a message; empty otherwise.
  std::string dropped;
};

// A UTF-8 byte-order mark, which a file may start with (and nothing else may).
inline constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// What makes a line too much to read whatever its place (more than
// kMaxResultLineBytes, a byte-order mark at its start), or "". Unlike a bad
// last line, which an interrupted write explains and which is dropped,
// such a line is always an error.
std::string LineLimitError(std::string_view text);

// Parses one line (`text` without its "\n"; `line.where` set by the
// caller): an empty message when it is a result line, filled in; else what
// is wrong with it (LineLimitError's reasons first).
std::string ParseResultLine(std::string_view text, ResultLine& line);

// Parses every line of `text` (a file called `name` in messages; a
// byte-order mark at its start is skipped). Only the last line may be
// partial (an interrupted write); any other bad line, and a line past a
// limit (LineLimitError, an object of more than kMaxResultObjectKeys keys),
// is an error naming it.
Result<ParsedResults> ParseResults(std::string_view text, const std::string& name);

// Sorts by run, then side; an identical line seen twice is kept once, two
// different lines for the same run and side are an error naming both.
Status SortResults(std::vector<ResultLine>& lines);

// The error for two different lines of one run and side.
std::string ClashError(int64_t run, int64_t side, const std::string& first, const std::string& second);

}  // namespace aqmlab
