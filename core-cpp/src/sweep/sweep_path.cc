#include "sweep/sweep_path.h"

#include <optional>
#include <vector>

#include "scenario/json_text.h"

namespace aqmlab {

namespace {

using OJson = nlohmann::ordered_json;

struct PathStep {
  std::string key;
  std::optional<size_t> index;  // [n]
  bool every = false;           // [*]
};

// An empty message when parsed; otherwise why not.
std::string ParsePath(std::string_view path, std::vector<PathStep>& steps) {
  size_t i = 0;
  while (i < path.size()) {
    PathStep step;
    while (i < path.size() && path[i] != '.' && path[i] != '[') step.key += path[i++];
    if (step.key.empty()) return "a step has no field name";
    if (i < path.size() && path[i] == '[') {
      const size_t close = path.find(']', i);
      if (close == std::string_view::npos) return "a [ has no ]";
      const std::string_view inside = path.substr(i + 1, close - i - 1);
      if (inside == "*") {
        step.every = true;
      } else {
        if (inside.empty() || inside.size() > 6 || inside.find_first_not_of("0123456789") != std::string_view::npos) {
          return "an index must be [n] (n = 0, 1, ...) or [*]";
        }
        step.index = std::stoul(std::string(inside));
      }
      i = close + 1;
    }
    if (i < path.size()) {
      if (path[i] != '.') return "expected . after ]";
      ++i;
      if (i == path.size()) return "ends with .";
    }
    steps.push_back(std::move(step));
  }
  if (steps.empty()) return "is empty";
  return "";
}

Status SetSteps(OJson& node, const std::vector<PathStep>& steps, size_t k, const std::string& at, const OJson& value) {
  const PathStep& step = steps[k];
  const std::string here = at.empty() ? step.key : at + "." + step.key;
  if (!node.is_object()) return {here + " names no field (" + at + " is not an object)"};
  const bool last = k + 1 == steps.size();
  const bool in_params = at.size() >= 6 && at.compare(at.size() - 6, 6, "params") == 0;
  auto it = node.find(step.key);
  if (it == node.end()) {
    if (!(last && in_params && !step.index && !step.every)) return {here + " names no field of the scenario"};
    node[step.key] = value;
    return Status::Ok();
  }
  OJson& child = *it;
  if (!step.index && !step.every) {
    if (last) {
      child = value;
      return Status::Ok();
    }
    return SetSteps(child, steps, k + 1, here, value);
  }
  if (!child.is_array()) return {here + " is not a list, so [" + (step.every ? "*" : "n") + "] names nothing"};
  if (step.every && child.empty()) return {here + "[*]: the list is empty"};
  size_t from = step.every ? 0 : *step.index;
  size_t to = step.every ? child.size() : *step.index + 1;
  if (from >= child.size()) {
    return {here + "[" + std::to_string(from) + "] names no entry (" + here + " has " +
            std::to_string(child.size()) + ")"};
  }
  for (size_t n = from; n < to; ++n) {
    const std::string entry = here + "[" + std::to_string(n) + "]";
    if (last) {
      child[n] = value;
    } else if (Status st = SetSteps(child[n], steps, k + 1, entry, value); !st.ok()) {
      return st;
    }
  }
  return Status::Ok();
}

std::string Render(const std::vector<PathStep>& steps) {
  std::string out;
  for (const PathStep& s : steps) {
    if (!out.empty()) out += '.';
    out += s.key;
    if (s.every) out += "[*]";
    if (s.index) {
      out += '[';
      out += std::to_string(*s.index);
      out += ']';
    }
  }
  return out;
}

}  // namespace

std::string CommonField(std::string_view a, std::string_view b) {
  std::vector<PathStep> x, y;
  if (!ParsePath(a, x).empty() || !ParsePath(b, y).empty()) return "";
  if (x.size() < y.size()) std::swap(x, y);
  // A step without an index, or with [*], covers every entry of its list.
  for (size_t k = 0; k < y.size(); ++k) {
    if (x[k].key != y[k].key) return "";
    const bool x_one = x[k].index.has_value(), y_one = y[k].index.has_value();
    if (x_one && y_one && *x[k].index != *y[k].index) return "";
    if (!x_one && y_one) {
      x[k].index = y[k].index;
      x[k].every = false;
    }
  }
  return Render(x);
}

Status SetAtPath(OJson& doc, std::string_view path, const OJson& value) {
  std::vector<PathStep> steps;
  if (std::string why = ParsePath(path, steps); !why.empty()) return {Quoted(path) + ": " + why};
  return SetSteps(doc, steps, 0, "", value);
}

}  // namespace aqmlab
