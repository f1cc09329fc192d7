// Results files (JSON Lines of `aqmlab sweep`) read a line at a time, for
// merge, report and --resume: what is kept in memory is each line's place
// (about 40 bytes a line), never the files, so memory stays flat however
// many runs they hold.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "sim/result.h"
#include "sweep/sweep_results.h"

namespace aqmlab {

// One line's place: its run and side, its file, line number and bytes.
struct LineRef {
  int64_t run = 0;
  int64_t side = 0;
  uint32_t file = 0;
  uint32_t number = 0;  // 1-based
  uint64_t offset = 0;
  uint64_t length = 0;
};

class ResultFiles {
 public:
  // Reads every file (a directory or an unreadable path is an error; a
  // byte-order mark at a file's start is skipped), parsing each line and
  // passing it to `check` (may be empty), whose non-empty answer is an
  // error naming the line. A bad last line (an interrupted write) is
  // dropped and described in dropped(); a bad line before it is an error.
  Status Read(const std::vector<std::string>& paths, const std::function<std::string(const ResultLine&)>& check);
  // Sorts by run then side (then file and line); an identical line found
  // twice is kept once, two different ones are an error naming both.
  Status Sort();
  const std::vector<LineRef>& lines() const { return refs_; }
  const std::vector<std::string>& dropped() const { return dropped_; }
  // A line's text (without "\n"), read again from its file.
  Result<std::string> Text(const LineRef& ref);
  // The line, parsed again.
  Result<ResultLine> Line(const LineRef& ref);
  std::string Where(const LineRef& ref) const { return paths_[ref.file] + " line " + std::to_string(ref.number); }

 private:
  Status ReadOne(uint32_t file, const std::function<std::string(const ResultLine&)>& check);
  std::vector<std::string> paths_;
  std::vector<LineRef> refs_;
  std::vector<std::string> dropped_;
  std::ifstream open_;  // the file last read again, kept open
  uint32_t open_file_ = UINT32_MAX;
};

// Whether `out` names the same file as one of `inputs` (so writing it would
// destroy an input); false when `out` does not exist yet.
bool IsOneOf(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace aqmlab
