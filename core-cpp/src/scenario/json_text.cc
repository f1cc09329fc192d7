#include "scenario/json_text.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace aqmlab {

namespace {

// Walks the text once before the document is built, to refuse what the
// document would silently merge (duplicate keys) or recurse through (deep
// nesting), and to say where a syntax error is.
class StrictSax {
 public:
  StrictSax(std::string root, std::string* error) : root_(std::move(root)), error_(error) {}

  bool null() { return Scalar(); }
  bool boolean(bool) { return Scalar(); }
  bool number_integer(Json::number_integer_t) { return Scalar(); }
  bool number_unsigned(Json::number_unsigned_t) { return Scalar(); }
  bool number_float(Json::number_float_t, const std::string&) { return Scalar(); }
  bool string(std::string&) { return Scalar(); }
  bool binary(Json::binary_t&) { return Scalar(); }
  bool start_object(std::size_t) { return Open(true); }
  bool start_array(std::size_t) { return Open(false); }
  bool end_object() { return Close(); }
  bool end_array() { return Close(); }
  bool key(std::string& k) {
    Frame& f = stack_.back();
    if (!f.keys.insert(k).second) {
      const std::string parent = Path(stack_.size() - 1);
      *error_ = parent + (parent.empty() ? "" : ".") + FieldKey(k) +
                ": given twice (a key may appear only once in an object)";
      return false;
    }
    f.key = k;
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    position_ = position;
    reason_ = Reason(ex.what());
    return false;
  }

  size_t position() const { return position_; }
  const std::string& reason() const { return reason_; }

 private:
  struct Frame {
    bool object = false;
    size_t index = 0;           // arrays: the element being read
    std::set<std::string> keys;  // objects: the keys seen so far
    std::string key;             // objects: the member being read
  };

  bool Scalar() {
    if (!stack_.empty() && !stack_.back().object) ++stack_.back().index;
    return true;
  }
  bool Open(bool object) {
    if (static_cast<int>(stack_.size()) >= kMaxJsonDepth) {
      const std::string path = Path(stack_.size());
      *error_ = (path.empty() ? "" : path + ": ") + "nesting deeper than " +
                std::to_string(kMaxJsonDepth) + " levels";
      return false;
    }
    stack_.emplace_back();
    stack_.back().object = object;
    return true;
  }
  bool Close() {
    stack_.pop_back();
    return Scalar();
  }
  // Where the value being read inside the first `frames` open values is,
  // e.g. groups[0].rtt_ms.
  std::string Path(size_t frames) const {
    std::string p = root_;
    for (size_t i = 0; i < frames; ++i) {
      const Frame& f = stack_[i];
      if (f.object) {
        if (!p.empty()) p += '.';
        p += FieldKey(f.key);
      } else {
        p += '[';
        p += std::to_string(f.index);
        p += ']';
      }
    }
    return p;
  }
  // nlohmann's message without its exception id, position and echo of the
  // last token read (positions are given as line and column instead).
  static std::string Reason(std::string m) {
    if (const size_t id_end = m.find("] "); m.rfind("[json.exception", 0) == 0 && id_end != std::string::npos) {
      m.erase(0, id_end + 2);
    }
    if (m.rfind("parse error", 0) == 0) {
      if (const size_t colon = m.find(": "); colon != std::string::npos) m.erase(0, colon + 2);
    }
    if (const size_t last = m.find("; last read:"); last != std::string::npos) m.erase(last);
    return Printable(m, 4 * kMaxEchoBytes);  // the reason is ours but for a token it may echo
  }

  std::string root_;
  std::string* error_;
  std::vector<Frame> stack_;
  size_t position_ = 0;
  std::string reason_;
};

bool PlainName(std::string_view key) {
  if (key.empty()) return false;
  for (char c : key) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!plain) return false;
  }
  return true;
}

}  // namespace

Result<Json> ParseJsonText(std::string_view text, const std::string& what, const std::string& root) {
  std::string error;
  StrictSax sax(root, &error);
  if (!Json::sax_parse(text, &sax)) {
    if (!error.empty()) return Error{error};
    // Line and column of the byte where reading stopped; columns count
    // characters (UTF-8 lead bytes), as an editor does.
    const size_t stop = std::min(sax.position() > 0 ? sax.position() - 1 : 0, text.size());
    size_t line = 1, column = 1;
    for (size_t i = 0; i < stop; ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
        ++column;
      }
    }
    return Error{what + ": not valid JSON at line " + std::to_string(line) + ", column " +
                 std::to_string(column) + ": " + sax.reason()};
  }
  return Json::parse(text, nullptr, false);
}

std::string Printable(std::string_view s, size_t max_bytes) {
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  size_t i = 0;
  for (; i < s.size() && out.size() < max_bytes; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  // Never end inside a UTF-8 character.
  while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) out += s[i++];
  if (i < s.size()) out += "...";
  return out;
}

std::string Quoted(std::string_view s) {
  // Appended, not `"\"" + ...`: GCC 12 warns falsely (-Wrestrict) on that form.
  std::string out = "\"";
  out += Printable(s);
  out += '"';
  return out;
}

std::string FieldKey(std::string_view key) { return PlainName(key) ? Printable(key) : Quoted(key); }

}  // namespace aqmlab
