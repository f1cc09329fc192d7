#!/usr/bin/env bash
# Builds the core to WebAssembly with Debian's Emscripten and copies the web
# build where Vite imports it (web/src/generated/).
#   bash scripts/build-wasm.sh               both builds: the page's and Node's (tests, benchmarks)
#   bash scripts/build-wasm.sh aqmlab_web    the page's only (what `npm start` needs)
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}   # emcc's optimiser needs acorn
log=build/wasm-build.log
mkdir -p build
# Configure once: the generated build.ninja re-runs CMake by itself when a
# CMakeLists.txt changes, so a second run goes straight to ninja (a no-op
# when nothing changed).
if [ ! -f build/wasm/build.ninja ]; then
  emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release > "$log" 2>&1 || { cat "$log"; exit 1; }
fi
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build build/wasm -j2 "${targets[@]}" > "$log" 2>&1 || { tail -50 "$log"; exit 1; }
mkdir -p web/src/generated
# Copied only when changed, so an unchanged core leaves the page's inputs as they were.
for f in aqmlab.mjs aqmlab.wasm; do
  cmp -s "build/wasm/web/$f" "web/src/generated/$f" || cp "build/wasm/web/$f" "web/src/generated/$f"
done
rm -f "$log"
