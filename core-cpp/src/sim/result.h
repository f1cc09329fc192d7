// A value or an error message that names the offending field. Used wherever
// input from outside (scenario files, events, parameter changes) is checked,
// so nothing throws across the wasm boundary.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace aqmlab {

struct Error {
  std::string message;
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error e) : v_(std::move(e)) {}
  bool ok() const { return v_.index() == 0; }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  const std::string& error() const { return std::get<1>(v_).message; }

 private:
  std::variant<T, Error> v_;
};

// Success is an empty message.
struct Status {
  std::string error;
  bool ok() const { return error.empty(); }
  static Status Ok() { return {}; }
};

}  // namespace aqmlab
