// Untrusted JSON text (a scenario file, a link, a live event) into a
// document, strictly: RFC 8259 as nlohmann's parser reads it (a lone UTF-16
// surrogate or a number beyond a double's range, such as 1e400, is refused),
// plus what that parser lets through silently: a key given twice in one
// object (the last would win) and nesting deeper than kMaxJsonDepth. A
// refusal says where: the line and column, or the key's path.
//
// Also the one place that makes text from the input safe to echo in a
// message (Printable, FieldKey).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "scenario/json_reader.h"
#include "sim/result.h"

namespace aqmlab {

// The page's JSON check (web/src/lib/json-check.ts) has the same limit.
inline constexpr int kMaxJsonDepth = 64;
// Echoed input is cut to this many bytes (a whole UTF-8 character at most
// more), so a 50 MB key cannot make a 50 MB message.
inline constexpr size_t kMaxEchoBytes = 64;

// `what` names the source in a syntax error ("scenario: not valid JSON at
// line 3, column 7: ..."); a duplicate key or deep nesting is named by its
// path under `root` ("" for a scenario's fields, "event" for an event's).
Result<Json> ParseJsonText(std::string_view text, const std::string& what, const std::string& root);

// `s` with control characters, quotes and backslashes escaped as in JSON,
// cut to `max_bytes` (marked with "...").
std::string Printable(std::string_view s, size_t max_bytes = kMaxEchoBytes);
// `"` + Printable(s) + `"`.
std::string Quoted(std::string_view s);
// A key as one step of a field path: as it is when it is a plain name
// (letters, digits, '_'), otherwise quoted (so an empty key reads "").
std::string FieldKey(std::string_view key);

}  // namespace aqmlab
