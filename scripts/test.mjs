// `npm test`: every test of the lab, from the core to the page.
//   1. the C++ core: GoogleTest through ctest
//   2. the wasm build under Node and the page's modules: Vitest
//   3. smoke runs of the speed benchmarks (native and wasm under Node; the sweep pool)
//   4. the page in Debian's Chromium: smoke runs of the live, experiment and theory benchmarks, then Playwright
//   5. the fuzz targets, 60 s each (clang, libFuzzer; scripts/fuzz.mjs)
import { buildNative, buildPage, buildWasm, checkNode, corePackages, ensureNodeModules, ensureSystemPackages, run, step } from './setup.mjs';

const since = performance.now();
checkNode();
ensureSystemPackages([...corePackages, 'c++ compiler', 'emscripten', 'googletest', 'chromium']);
ensureNodeModules();
buildNative();
step('C++ tests (ctest)', () => run('ctest --test-dir build/native --output-on-failure -j2'));
buildWasm();
step('type check (tsc)', () => run('npx tsc -p .'));  // the page, its tests and configs (Vite and Vitest strip types unchecked)
// The Node core was just built: tests that need it must run, not skip (tests/web/node-core.ts).
step('Vitest', () => run('npx vitest run', { env: { ...process.env, AQMLAB_NEED_NODE_CORE: '1' } }));
step('benchmark smoke runs (native and wasm under Node)', () => {
  run('node scripts/bench.mjs --quick');  // it must not rot
  run('node scripts/bench-sweep.mjs --quick');  // figures, no speed asserted
  run('node scripts/analysis-bench.mjs --quick');  // the 16-phase chain, native and wasm
});
buildPage();
step('benchmark smoke runs in Chromium', () => {
  run('node scripts/live-bench.mjs --quick');  // prints figures, asserts no speed
  run('node scripts/experiment-bench.mjs --quick');  // a tiny sweep in Chromium finishes
  run('node scripts/bench-theory.mjs --quick');  // the 16-phase chain as the page's theory worker calls it
});
step('Playwright', () => run('npx playwright test'));
step('fuzz targets, 60 s each', () => run('node scripts/fuzz.mjs --seconds 60'));
console.log(`\nnpm test: every step passed (${((performance.now() - since) / 60000).toFixed(1)} min)`);
