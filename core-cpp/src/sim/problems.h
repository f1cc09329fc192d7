// Every problem found in one input (a scenario, a sweep file, a model file),
// in document order, each "field: message" with the field's full path, so a
// person fixes them all in one pass instead of one per attempt.
//
// An Error carries them as its message, one problem per line: a lone problem
// reads exactly as a single message did, and the lines split back into the
// problems (echoed input never holds a line break: Printable escapes it).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace aqmlab {

class Problems {
 public:
  void Add(std::string problem) { list_.push_back(std::move(problem)); }
  // Every problem of another error's message, each prefixed with `prefix`
  // (a scenario read inside a sweep file is its "base.") and followed by
  // `suffix` (where it applied).
  void AddAll(std::string_view message, std::string_view prefix = "", std::string_view suffix = "");
  bool empty() const { return list_.empty(); }
  size_t size() const { return list_.size(); }
  const std::vector<std::string>& list() const { return list_; }
  // One problem per line: an Error's message.
  std::string Message() const;

 private:
  std::vector<std::string> list_;
};

// The problems of an error's message (at least one, unless it is empty).
std::vector<std::string> ProblemLines(std::string_view message);
// The message with `prefix` before each of its problems (and `suffix` after).
std::string PrefixProblems(std::string_view prefix, std::string_view message, std::string_view suffix = "");

}  // namespace aqmlab
