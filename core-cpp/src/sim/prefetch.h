// Asking the memory system early for a line the simulation will read later.
//
// Natively this is the CPU's prefetch instruction, which never waits.
// WebAssembly has no prefetch instruction. A load whose value nobody uses
// still brings its line in, but the CPU cannot retire it until the line
// arrives, so one such load per cold line stalls about as long as the miss
// it is meant to hide. Loads issued back to back miss in parallel, though, so
// under wasm the addresses are collected and loaded a batch at a time: one
// wait then covers the whole batch. (A batched address may have been freed
// by the time it is read; in wasm that is harmless, since linear memory never
// shrinks, and the value read is never used.) Batches of 16 measured best on
// the 10,000-flow benchmark: 8 and 32 were slower, one at a time slower still.
#pragma once

#include <cstddef>

namespace aqmlab {

class Prefetcher {
 public:
  // For a line needed within this event: natively a prefetch, in wasm a
  // plain load now (it overlaps with the work before the line's use).
  static void Soon(const void* p) {
#if defined(__EMSCRIPTEN__)
    (void)*static_cast<const volatile char*>(p);
#elif defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p, 1, 3);
#else
    (void)p;
#endif
  }

  // For a line a later event will need.
  void operator()(const void* p) {
#if defined(__EMSCRIPTEN__)
    if (!enabled_) return;
    pending_[n_++] = static_cast<const volatile char*>(p);
    if (n_ == kBatch) {
      for (size_t i = 0; i < kBatch; ++i) (void)*pending_[i];
      n_ = 0;
    }
#else
    Soon(p);  // a prefetch never waits, so nothing is gained by holding it
#endif
  }

  // In wasm the batched loads cost real time, and pay only when the lines
  // would otherwise come from memory; a run whose packets and flows fit in
  // the caches turns them off (natively a prefetch is nearly free and
  // stays on). A hint only: results never depend on it.
  void set_enabled(bool on) {
#if defined(__EMSCRIPTEN__)
    enabled_ = on;
#else
    (void)on;
#endif
  }

 private:
#if defined(__EMSCRIPTEN__)
  static constexpr size_t kBatch = 16;
  bool enabled_ = true;
  const volatile char* pending_[kBatch] = {};
  size_t n_ = 0;
#endif
};

}  // namespace aqmlab
