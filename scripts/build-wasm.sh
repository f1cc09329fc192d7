#!/usr/bin/env bash
# Builds the core to WebAssembly with Debian's Emscripten and copies the web
# build where Vite imports it (web/src/generated/).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}   # emcc's optimiser needs acorn
emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release > build-wasm.log 2>&1 || { cat build-wasm.log; exit 1; }
cmake --build build/wasm -j2 >> build-wasm.log 2>&1 || { tail -50 build-wasm.log; exit 1; }
mkdir -p web/src/generated
cp build/wasm/web/aqmlab.mjs build/wasm/web/aqmlab.wasm web/src/generated/
rm -f build-wasm.log
echo "wasm: web/src/generated/aqmlab.{mjs,wasm} and build/wasm/node/aqmlab-node.{cjs,wasm}"
