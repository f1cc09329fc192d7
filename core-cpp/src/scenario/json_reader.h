// Reads one JSON object field by field, checking type and range, and
// collecting every problem with the field's full path (sim/problems.h).
// Unknown fields are problems too (a typo must not silently fall back to a
// default). A refused field leaves its value as it was and reading goes on,
// so one pass finds every problem; a check across fields runs only when its
// fields read fine (Fine), so one mistake is not reported twice.
#pragma once

#define JSON_NOEXCEPTION 1
#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/problems.h"

namespace aqmlab {

using Json = nlohmann::json;

class JsonReader {
 public:
  // `problems` is shared by the readers of nested objects. A value that is
  // not an object is one problem, and nothing is read from it.
  JsonReader(const Json& obj, std::string path, Problems* problems);

  // Nothing was found wrong since this reader began (with the objects read
  // inside it): what was read of it can be used together.
  bool ok() const { return problems_->size() == start_; }
  // None of these fields of this object was refused (an absent one is fine).
  bool Fine(std::initializer_list<const char*> keys) const;
  // Reads nothing more of this object and flags no unknown field: for when
  // the field that decides which fields are valid (a `kind`) is itself wrong.
  void Stop() { stopped_ = true; }
  // The field's full path; a key that is not a plain name is quoted and
  // escaped (see FieldKey), so any key can be echoed safely.
  std::string Field(std::string_view key) const;
  void Fail(const std::string& field, const std::string& message);

  // Each leaves `out` untouched when the field is absent.
  void Number(const char* key, double& out, double lo, double hi);
  void Integer(const char* key, int64_t& out, int64_t lo, int64_t hi);
  // As above, setting `out` when the field is present.
  void Number(const char* key, std::optional<double>& out, double lo, double hi);
  void Integer(const char* key, std::optional<int64_t>& out, int64_t lo, int64_t hi);
  void Boolean(const char* key, bool& out);
  void Text(const char* key, std::string& out, size_t max_length);
  template <class E>
  void Choice(const char* key, E& out, std::initializer_list<std::pair<const char*, E>> options);
  // A nested object or array, or nullptr when absent (or on a type error).
  const Json* Object(const char* key);
  // As Object, but a JSON null counts as absent.
  const Json* NullableObject(const char* key);
  const Json* Array(const char* key, size_t max_items);
  // A non-empty array of numbers, each in [lo, hi]; a problem names the
  // entry (`key[i]`). Leaves `out` untouched when the field is absent or
  // any entry is refused.
  void NumberList(const char* key, std::vector<double>& out, double lo, double hi,
                  size_t max_items);
  // Whether the field is present and an array (without reading it).
  bool IsArray(const char* key) const;
  // Whether the field is present (without reading it).
  bool Has(const char* key) const;
  // Whether the field is present and was read without a problem: what was
  // read of it can be used.
  bool Took(const char* key) const { return Has(key) && Fine({key}); }
  // A field that belongs here but cannot be checked (its range depends on
  // something refused): not read, and not flagged as unknown.
  void Skip(const char* key) { seen_.insert(key); }
  // Flags each field that no call above asked for; `context` (e.g.
  // "for kind \"udp_cbr\"") is appended to the message when given.
  void RejectUnknown(const std::string& context = "");

 private:
  const Json* Get(const char* key);
  // A problem with the field `key` of this object (Fine then says so).
  void FailKey(const char* key, const std::string& message);
  const Json& obj_;
  std::string path_;
  Problems* problems_;
  size_t start_;
  bool stopped_ = false;
  std::set<std::string> seen_;
  std::set<std::string> failed_;
};

template <class E>
void JsonReader::Choice(const char* key, E& out,
                        std::initializer_list<std::pair<const char*, E>> options) {
  const Json* v = Get(key);
  if (!v) return;
  std::string names;
  for (const auto& [name, value] : options) {
    if (v->is_string() && v->get_ref<const std::string&>() == name) {
      out = value;
      return;
    }
    names += names.empty() ? "" : ", ";
    names += std::string("\"") + name + "\"";
  }
  FailKey(key, "must be one of " + names);
}

}  // namespace aqmlab
