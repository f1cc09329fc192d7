#include "cli/result_files.h"

#include <algorithm>
#include <filesystem>

#include "cli/input_file.h"

namespace aqmlab {

namespace {

// Reads the next line of `in` into `text` (without its "\n"), keeping at
// most kMaxResultLineBytes + 1 bytes of it (ParseResultLine refuses a
// longer one). False at the end of the file; `complete` says whether the
// line ended with "\n".
bool NextLine(std::istream& in, std::string& text, bool& complete, uint64_t& length) {
  text.clear();
  length = 0;
  complete = false;
  std::streambuf& buf = *in.rdbuf();
  for (int c = buf.sbumpc(); c != std::char_traits<char>::eof(); c = buf.sbumpc()) {
    if (c == '\n') {
      complete = true;
      return true;
    }
    ++length;
    if (text.size() <= kMaxResultLineBytes) text.push_back(static_cast<char>(c));
  }
  return length > 0;
}

}  // namespace

bool IsOneOf(const std::string& out, const std::vector<std::string>& inputs) {
  std::error_code ec;
  if (!std::filesystem::exists(out, ec)) return false;
  return std::any_of(inputs.begin(), inputs.end(), [&](const std::string& in) {
    std::error_code e;
    return std::filesystem::equivalent(out, in, e);
  });
}

Status ResultFiles::Read(const std::vector<std::string>& paths,
                         const std::function<std::string(const ResultLine&)>& check) {
  for (const std::string& p : paths) {
    paths_.push_back(p);
    if (Status st = ReadOne(static_cast<uint32_t>(paths_.size() - 1), check); !st.ok()) return st;
  }
  return Status::Ok();
}

Status ResultFiles::ReadOne(uint32_t file, const std::function<std::string(const ResultLine&)>& check) {
  const std::string& path = paths_[file];
  if (std::string why = DirectoryRefusal(path, "results file"); !why.empty()) return {why};
  std::ifstream in(path, std::ios::binary);
  if (!in) return {"cannot read " + path};
  std::string text;
  bool complete = false;
  uint64_t offset = 0, length = 0;
  for (uint32_t number = 1; NextLine(in, text, complete, length); ++number) {
    LineRef ref{0, 0, file, number, offset, length};
    if (offset == 0 && text.compare(0, kByteOrderMark.size(), kByteOrderMark) == 0) {
      text.erase(0, kByteOrderMark.size());
      ref.offset += kByteOrderMark.size();
      ref.length -= kByteOrderMark.size();
    }
    offset += length + (complete ? 1 : 0);
    ResultLine line;
    line.where = Where(ref);
    if (std::string limit = LineLimitError(text); !limit.empty()) return {line.where + ": " + limit};
    std::string why = complete ? ParseResultLine(text, line) : "cut short (no end of line)";
    // A line past a limit, or one that parses but `check` refuses, is no
    // interrupted write: an error wherever it is.
    bool refused = why == kTooWideLine;
    if (why.empty() && check) refused = !(why = check(line)).empty();
    if (!why.empty()) {
      const bool last = in.peek() == std::char_traits<char>::eof();
      if (!last || refused) return {line.where + ": " + why};
      dropped_.push_back(line.where + " (" + std::to_string(ref.length) + " bytes, " + why + ")");
      break;
    }
    ref.run = line.run;
    ref.side = line.side_index;
    refs_.push_back(ref);
  }
  if (in.bad()) return {"cannot read " + path};
  return Status::Ok();
}

Result<std::string> ResultFiles::Text(const LineRef& ref) {
  if (open_file_ != ref.file) {
    open_.close();
    open_.clear();
    open_.open(paths_[ref.file], std::ios::binary);
    open_file_ = ref.file;
  }
  std::string text(ref.length, '\0');
  open_.clear();
  open_.seekg(static_cast<std::streamoff>(ref.offset));
  open_.read(text.data(), static_cast<std::streamsize>(ref.length));
  if (!open_ || static_cast<uint64_t>(open_.gcount()) != ref.length) {
    return Error{"cannot read " + Where(ref) + " again (did the file change?)"};
  }
  return text;
}

Result<ResultLine> ResultFiles::Line(const LineRef& ref) {
  Result<std::string> text = Text(ref);
  if (!text.ok()) return Error{text.error()};
  ResultLine line;
  line.where = Where(ref);
  if (std::string why = ParseResultLine(text.value(), line); !why.empty()) return Error{line.where + ": " + why};
  return line;
}

Status ResultFiles::Sort() {
  std::sort(refs_.begin(), refs_.end(), [](const LineRef& a, const LineRef& b) {
    if (a.run != b.run) return a.run < b.run;
    if (a.side != b.side) return a.side < b.side;
    return a.file != b.file ? a.file < b.file : a.number < b.number;
  });
  // Compacted in place (no second index in memory).
  size_t kept = 0;
  for (size_t i = 0; i < refs_.size(); ++i) {
    const LineRef r = refs_[i];
    if (kept > 0 && refs_[kept - 1].run == r.run && refs_[kept - 1].side == r.side) {
      Result<std::string> a = Text(refs_[kept - 1]), b = Text(r);
      if (!a.ok()) return {a.error()};
      if (!b.ok()) return {b.error()};
      if (a.value() == b.value()) continue;
      return {ClashError(r.run, r.side, Where(refs_[kept - 1]), Where(r))};
    }
    refs_[kept++] = r;
  }
  refs_.resize(kept);
  return Status::Ok();
}

}  // namespace aqmlab
