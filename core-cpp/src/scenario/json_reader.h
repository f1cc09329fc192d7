// Reads one JSON object field by field, checking type and range, and
// remembering the first error with the field's full path. Unknown fields are
// errors too (a typo must not silently fall back to a default).
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

namespace aqmlab {

using Json = nlohmann::json;

class JsonReader {
 public:
  // `error` is shared by the readers of nested objects; the first error stays.
  JsonReader(const Json& obj, std::string path, std::string* error);

  bool ok() const { return error_->empty(); }
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
  // A non-empty array of numbers, each in [lo, hi]; an error names the
  // entry (`key[i]`). Leaves `out` untouched when the field is absent.
  void NumberList(const char* key, std::vector<double>& out, double lo, double hi,
                  size_t max_items);
  // Whether the field is present and an array (without reading it).
  bool IsArray(const char* key) const;
  // Whether the field is present (without reading it).
  bool Has(const char* key) const;
  // Flags every field that no call above asked for; `context` (e.g.
  // "for kind \"udp_cbr\"") is appended to the message when given.
  void RejectUnknown(const std::string& context = "");

 private:
  const Json* Get(const char* key);
  const Json& obj_;
  std::string path_;
  std::string* error_;
  std::set<std::string> seen_;
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
  Fail(Field(key), "must be one of " + names);
}

}  // namespace aqmlab
