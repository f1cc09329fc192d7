#include "sweep/sweep_results.h"

#include <algorithm>

#include "scenario/json_text.h"

namespace aqmlab {

namespace {

using OJson = nlohmann::ordered_json;

// An empty message when `line` is a result line; otherwise what is wrong.
std::string CheckLine(std::string_view text, ResultLine& line) {
  line.json = OJson::parse(text, nullptr, false);
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

}  // namespace

Result<ParsedResults> ParseResults(std::string_view text, const std::string& name) {
  ParsedResults out;
  size_t start = 0;
  for (size_t number = 1; start < text.size(); ++number) {
    const size_t end = text.find('\n', start);
    const bool last = end == std::string_view::npos || end + 1 == text.size();
    const std::string_view body = text.substr(start, end == std::string_view::npos ? text.size() - start : end - start);
    ResultLine line;
    line.where = name + " line " + std::to_string(number);
    std::string why = end == std::string_view::npos ? "cut short (no end of line)" : CheckLine(body, line);
    if (!why.empty()) {
      if (!last) return Error{line.where + ": " + why};
      out.dropped = line.where + " (" + std::to_string(body.size()) + " bytes, " + why + ")";
      break;
    }
    out.lines.push_back(std::move(line));
    start = end + 1;
    out.good_bytes = start;
  }
  return out;
}

Status SortResults(std::vector<ResultLine>& lines) {
  std::stable_sort(lines.begin(), lines.end(), [](const ResultLine& a, const ResultLine& b) {
    return a.run != b.run ? a.run < b.run : a.side_index < b.side_index;
  });
  std::vector<ResultLine> kept;
  for (ResultLine& l : lines) {
    if (!kept.empty() && kept.back().run == l.run && kept.back().side_index == l.side_index) {
      if (kept.back().text == l.text) continue;
      return {"run " + std::to_string(l.run) + ", side " + std::to_string(l.side_index) +
              " has two different results (" + kept.back().where + " and " + l.where + ")"};
    }
    kept.push_back(std::move(l));
  }
  lines = std::move(kept);
  return Status::Ok();
}

}  // namespace aqmlab
