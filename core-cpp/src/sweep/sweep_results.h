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

// Parses every line of `text` (a file called `name` in messages). Only the
// last line may be partial (an interrupted write); any other bad line is
// an error naming it.
Result<ParsedResults> ParseResults(std::string_view text, const std::string& name);

// Sorts by run, then side; an identical line seen twice is kept once, two
// different lines for the same run and side are an error naming both.
Status SortResults(std::vector<ResultLine>& lines);

}  // namespace aqmlab
