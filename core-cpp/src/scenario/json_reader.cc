#include "scenario/json_reader.h"

#include <cmath>

#include "scenario/json_integer.h"
#include "scenario/json_text.h"
#include "sim/format.h"

namespace aqmlab {

JsonReader::JsonReader(const Json& obj, std::string path, Problems* problems)
    : obj_(obj), path_(std::move(path)), problems_(problems), start_(problems->size()) {
  if (!obj_.is_object()) {
    Fail(path_.empty() ? "scenario" : path_, "must be an object");
    stopped_ = true;
  }
}

bool JsonReader::Fine(std::initializer_list<const char*> keys) const {
  for (const char* key : keys) {
    if (failed_.count(key)) return false;
  }
  return true;
}

std::string JsonReader::Field(std::string_view key) const {
  return path_.empty() ? FieldKey(key) : path_ + "." + FieldKey(key);
}

void JsonReader::Fail(const std::string& field, const std::string& message) {
  problems_->Add(field + ": " + message);
}

void JsonReader::FailKey(const char* key, const std::string& message) {
  failed_.insert(key);
  Fail(Field(key), message);
}

const Json* JsonReader::Get(const char* key) {
  seen_.insert(key);
  if (stopped_ || !obj_.is_object()) return nullptr;
  auto it = obj_.find(key);
  return it == obj_.end() ? nullptr : &*it;
}

void JsonReader::Number(const char* key, double& out, double lo, double hi) {
  const Json* v = Get(key);
  if (!v) return;
  // Appended, not `"[" + ...`: GCC 12 warns falsely (-Wrestrict) on that form.
  std::string range = "[";
  range += FormatNumber(lo) + ", " + FormatNumber(hi) + "]";
  if (!v->is_number()) return FailKey(key, "must be a number in " + range);
  const double x = v->get<double>();
  if (!std::isfinite(x) || x < lo || x > hi) {
    return FailKey(key, "must be in " + range + ", got " + FormatNumber(x));
  }
  out = x;
}

namespace {

// Unicode code points in UTF-8 text (the parser has checked it is UTF-8):
// every byte but the continuation bytes 10xxxxxx starts one. The page
// counts the same way (web/src/lib/limits.ts).
size_t CodePoints(std::string_view s) {
  size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

}  // namespace

void JsonReader::Integer(const char* key, int64_t& out, int64_t lo, int64_t hi) {
  const Json* v = Get(key);
  if (!v) return;
  if (std::string why = ReadWholeNumber(*v, lo, hi, out); !why.empty()) FailKey(key, why);
}

void JsonReader::Number(const char* key, std::optional<double>& out, double lo, double hi) {
  double v = 0;
  Number(key, v, lo, hi);
  if (!stopped_ && Took(key)) out = v;
}

void JsonReader::Integer(const char* key, std::optional<int64_t>& out, int64_t lo, int64_t hi) {
  int64_t v = 0;
  Integer(key, v, lo, hi);
  if (!stopped_ && Took(key)) out = v;
}

void JsonReader::Boolean(const char* key, bool& out) {
  const Json* v = Get(key);
  if (!v) return;
  if (!v->is_boolean()) return FailKey(key, "must be true or false");
  out = v->get<bool>();
}

// At most `max_length` characters: Unicode code points, as the page counts.
void JsonReader::Text(const char* key, std::string& out, size_t max_length) {
  const Json* v = Get(key);
  if (!v) return;
  if (!v->is_string()) return FailKey(key, "must be a string");
  const auto& s = v->get_ref<const std::string&>();
  if (const size_t n = CodePoints(s); n > max_length) {
    return FailKey(key, "must be at most " + std::to_string(max_length) + " characters, got " + std::to_string(n));
  }
  out = s;
}

const Json* JsonReader::Object(const char* key) {
  const Json* v = Get(key);
  if (v && !v->is_object()) {
    FailKey(key, "must be an object");
    return nullptr;
  }
  return v;
}

const Json* JsonReader::NullableObject(const char* key) {
  const Json* v = Get(key);
  if (v && v->is_null()) return nullptr;
  if (v && !v->is_object()) {
    FailKey(key, "must be an object or null");
    return nullptr;
  }
  return v;
}

bool JsonReader::Has(const char* key) const {
  return obj_.is_object() && obj_.find(key) != obj_.end();
}

const Json* JsonReader::Array(const char* key, size_t max_items) {
  const Json* v = Get(key);
  if (!v) return nullptr;
  if (!v->is_array()) {
    FailKey(key, "must be an array");
    return nullptr;
  }
  if (v->size() > max_items) {
    FailKey(key, "must have at most " + std::to_string(max_items) + " entries");
    return nullptr;
  }
  return v;
}

void JsonReader::NumberList(const char* key, std::vector<double>& out, double lo, double hi,
                            size_t max_items) {
  const Json* v = Array(key, max_items);
  if (!v) return;
  if (v->empty()) return FailKey(key, "must have at least one entry");
  std::string range = "[";
  range += FormatNumber(lo) + ", " + FormatNumber(hi) + "]";
  std::vector<double> list;
  list.reserve(v->size());
  for (size_t i = 0; i < v->size(); ++i) {
    const Json& x = (*v)[i];
    const std::string entry = Field(key) + "[" + std::to_string(i) + "]";
    const double d = x.is_number() ? x.get<double>() : 0;
    if (!x.is_number()) {
      Fail(entry, "must be a number in " + range);
    } else if (!std::isfinite(d) || d < lo || d > hi) {
      Fail(entry, "must be in " + range + ", got " + FormatNumber(d));
    } else {
      list.push_back(d);
      continue;
    }
    failed_.insert(key);
  }
  if (Fine({key})) out = std::move(list);
}

bool JsonReader::IsArray(const char* key) const {
  if (!obj_.is_object()) return false;
  auto it = obj_.find(key);
  return it != obj_.end() && it->is_array();
}

void JsonReader::RejectUnknown(const std::string& context) {
  if (stopped_ || !obj_.is_object()) return;
  for (auto it = obj_.begin(); it != obj_.end(); ++it) {
    if (!seen_.count(it.key())) {
      Fail(Field(it.key()), context.empty() ? "unknown field" : "unknown field " + context);
    }
  }
}

}  // namespace aqmlab
