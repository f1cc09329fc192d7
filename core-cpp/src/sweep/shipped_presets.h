// The preset scenarios shipped in public/presets/, embedded at build time
// (core-cpp/embed_presets.cmake) so native and wasm see the same text.
#pragma once

#include <span>
#include <string_view>

namespace aqmlab {

struct ShippedPreset {
  std::string_view name;  // the file name without .json: "lred-exp1"
  std::string_view json;
};

// Sorted by name.
std::span<const ShippedPreset> ShippedPresets();

}  // namespace aqmlab
