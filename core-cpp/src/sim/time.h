// Simulated time: an integer count of nanoseconds, so event ordering and link
// timing are exact and identical on every platform (native and wasm).
#pragma once

#include <cstdint>
#include <compare>

namespace aqmlab {

class Time {
 public:
  constexpr Time() = default;
  static constexpr Time Nanos(int64_t ns) { return Time(ns); }
  static constexpr Time Micros(double us) { return Time(Round(us * 1e3)); }
  static constexpr Time Millis(double ms) { return Time(Round(ms * 1e6)); }
  static constexpr Time Seconds(double s) { return Time(Round(s * 1e9)); }
  static constexpr Time Max() { return Time(INT64_MAX); }

  constexpr int64_t ns() const { return ns_; }
  // Divided, not multiplied by 1e-9 (which is inexact): a whole number of
  // sample intervals reads as the decimal the page asked for (15 s, not
  // 15.000000000000002), so "run to 15 s" stops where it says.
  constexpr double seconds() const { return static_cast<double>(ns_) / 1e9; }
  constexpr double millis() const { return static_cast<double>(ns_) / 1e6; }

  constexpr auto operator<=>(const Time&) const = default;
  constexpr Time operator+(Time o) const { return Time(ns_ + o.ns_); }
  constexpr Time operator-(Time o) const { return Time(ns_ - o.ns_); }
  constexpr Time& operator+=(Time o) { ns_ += o.ns_; return *this; }
  constexpr Time operator*(int64_t k) const { return Time(ns_ * k); }

 private:
  constexpr explicit Time(int64_t ns) : ns_(ns) {}
  static constexpr int64_t Round(double v) {
    return static_cast<int64_t>(v < 0 ? v - 0.5 : v + 0.5);
  }
  int64_t ns_ = 0;
};

using Bytes = int64_t;

// A link's rate in bits per second, with the one conversion the simulator
// needs. Packet sizes repeat (a flow's data segments, its ACKs), so the time
// of the last size asked for is kept: the same nanoseconds, without a
// division and a float-to-integer conversion per packet.
class BitsPerSecond {
 public:
  explicit BitsPerSecond(double bps = 0) : bps_(bps) {}
  double bps() const { return bps_; }
  void set_bps(double bps) {
    bps_ = bps;
    memo_bytes_ = -1;
  }
  // Serialisation time of `bytes`, rounded to the nanosecond.
  Time TransmissionTime(Bytes bytes) {
    if (bytes != memo_bytes_) {
      memo_bytes_ = bytes;
      memo_ = Time::Nanos(static_cast<int64_t>(static_cast<double>(bytes) * 8e9 / bps_ + 0.5));
    }
    return memo_;
  }

 private:
  double bps_;
  Bytes memo_bytes_ = -1;
  Time memo_;
};

}  // namespace aqmlab
