#include "sweep/sweep_results.h"

#include <algorithm>

#include "scenario/json_text.h"

namespace aqmlab {

namespace {

using OJson = nlohmann::ordered_json;

// Parses `text`, refusing (in one pass, before the cost of ordered keys
// adds up) an object with more than kMaxResultObjectKeys keys.
bool ParseBounded(std::string_view text, OJson& out, bool& too_wide) {
  std::vector<size_t> keys;  // per open object
  too_wide = false;
  auto count = [&](int, OJson::parse_event_t event, OJson&) {
    if (too_wide) return false;  // the rest is discarded unparsed
    if (event == OJson::parse_event_t::object_start) keys.push_back(0);
    if (event == OJson::parse_event_t::object_end && !keys.empty()) keys.pop_back();
    if (event == OJson::parse_event_t::key && !keys.empty() && ++keys.back() > kMaxResultObjectKeys) too_wide = true;
    return !too_wide;
  };
  out = OJson::parse(text, count, false);
  return !too_wide;
}

}  // namespace

std::string LineLimitError(std::string_view text) {
  if (text.size() > kMaxResultLineBytes) {
    return "more than the " + std::to_string(kMaxResultLineBytes) + " bytes a result line may have";
  }
  if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) {
    return "a byte-order mark inside the file (only its start may have one)";
  }
  return "";
}

std::string ParseResultLine(std::string_view text, ResultLine& line) {
  if (std::string why = LineLimitError(text); !why.empty()) return why;
  bool too_wide = false;
  ParseBounded(text, line.json, too_wide);
  if (too_wide) {
    line.json = OJson();
    return std::string(kTooWideLine);
  }
  const OJson& j = line.json;
  if (j.is_discarded() || !j.is_object()) return "not a JSON object";
  for (const char* key : {"run", "side_index", "seed"}) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_number_unsigned()) return std::string(key) + ": must be a whole number >= 0";
  }
  auto point = j.find("point");
  if (point == j.end() || !point->is_object()) return "point: must be an object";
  auto summary = j.find("summary");
  auto error = j.find("error");
  const bool has_summary = summary != j.end() && summary->is_object();
  const bool has_error = error != j.end() && error->is_string();
  if (has_summary == has_error) return "must have a summary object or an error text";
  line.run = j["run"].get<int64_t>();
  line.side_index = j["side_index"].get<int64_t>();
  line.text = std::string(text);
  return "";
}

Result<ParsedResults> ParseResults(std::string_view text, const std::string& name) {
  ParsedResults out;
  size_t start = text.substr(0, kByteOrderMark.size()) == kByteOrderMark ? kByteOrderMark.size() : 0;
  out.good_bytes = start;
  for (size_t number = 1; start < text.size(); ++number) {
    const size_t end = text.find('\n', start);
    const bool last = end == std::string_view::npos || end + 1 == text.size();
    const std::string_view body = text.substr(start, end == std::string_view::npos ? text.size() - start : end - start);
    ResultLine line;
    line.where = name + " line " + std::to_string(number);
    if (std::string limit = LineLimitError(body); !limit.empty()) return Error{line.where + ": " + limit};
    std::string why = end == std::string_view::npos ? "cut short (no end of line)" : ParseResultLine(body, line);
    if (!why.empty()) {
      if (!last || why == kTooWideLine) return Error{line.where + ": " + why};
      out.dropped = line.where + " (" + std::to_string(body.size()) + " bytes, " + why + ")";
      break;
    }
    out.lines.push_back(std::move(line));
    start = end + 1;
    out.good_bytes = start;
  }
  return out;
}

std::string ClashError(int64_t run, int64_t side, const std::string& first, const std::string& second) {
  return "run " + std::to_string(run) + ", side " + std::to_string(side) + " has two different results (" + first +
         " and " + second + ")";
}

Status SortResults(std::vector<ResultLine>& lines) {
  std::stable_sort(lines.begin(), lines.end(), [](const ResultLine& a, const ResultLine& b) {
    return a.run != b.run ? a.run < b.run : a.side_index < b.side_index;
  });
  std::vector<ResultLine> kept;
  for (ResultLine& l : lines) {
    if (!kept.empty() && kept.back().run == l.run && kept.back().side_index == l.side_index) {
      if (kept.back().text == l.text) continue;
      return {ClashError(l.run, l.side_index, kept.back().where, l.where)};
    }
    kept.push_back(std::move(l));
  }
  lines = std::move(kept);
  return Status::Ok();
}

}  // namespace aqmlab
