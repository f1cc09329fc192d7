// A JSON value read as a whole number in a range, exactly: the rule behind
// JsonReader::Integer, for lists of integers too (a sweep's seeds).
#pragma once

#include <cstdint>
#include <string>

#include "scenario/json_reader.h"

namespace aqmlab {

// An empty message when `v` is a whole number in [lo, hi], read into
// `out`; otherwise why not ("must be in [0, 9007199254740992], got
// 9007199254740993"). Integers in the text are compared exactly: through a
// double, 2^53 + 1 would become 2^53 and pass.
std::string ReadWholeNumber(const Json& v, int64_t lo, int64_t hi, int64_t& out);

}  // namespace aqmlab
