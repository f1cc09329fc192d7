// Loads the Node build of the core (build/wasm/node/aqmlab-node.cjs).
// Emscripten 3.1.6 fetches the .wasm with fetch() whenever fetch exists, and
// Node's fetch cannot read file paths, so the binary is handed over directly.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export async function loadCore() {
  const require = createRequire(import.meta.url);
  const factory = require(`${root}build/wasm/node/aqmlab-node.cjs`);
  const wasmBinary = readFileSync(`${root}build/wasm/node/aqmlab-node.wasm`);
  return factory({ wasmBinary });
}
