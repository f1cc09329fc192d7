// `npm test`: every test of the lab, from the core to the page.
//   1. the C++ core: GoogleTest through ctest; a sweep on a real one-node Slurm cluster
//      (tests/cluster/slurm-test.sh: skipped with one line where it cannot be root or install Slurm)
//   2. the wasm build under Node and the page's modules: Vitest
//   3. smoke runs of the speed benchmarks (native and wasm under Node; the sweep pool)
//   4. the page in Debian's Chromium: smoke runs of the live, experiment and theory benchmarks, then Playwright
//   5. the fuzz targets, 60 s each (clang, libFuzzer; scripts/fuzz.mjs)
import { buildNative, buildWasm, ensureNodeModules, ensureSystemPackages, run } from './setup.mjs';

ensureSystemPackages(['cmake', 'ninja', 'c++ compiler', 'emscripten', 'nlohmann json', 'pcg random', 'boost math', 'eigen',
  'googletest', 'chromium']);
ensureNodeModules();
buildNative();
run('ctest --test-dir build/native --output-on-failure -j2');
run('bash tests/cluster/slurm-test.sh build/native/core-cpp/aqmlab');
buildWasm();
run('npx tsc -p .');  // the page, its tests and configs type-check (Vite and Vitest strip types unchecked)
// The Node core was just built: tests that need it must run, not skip (tests/web/node-core.ts).
run('npx vitest run', { env: { ...process.env, AQMLAB_NEED_NODE_CORE: '1' } });
run('node scripts/bench.mjs --quick');  // benchmark smoke run: it must not rot
run('node scripts/bench-sweep.mjs --quick');  // sweep benchmark smoke run: figures, no speed asserted
run('node scripts/analysis-bench.mjs --quick');  // the 16-phase chain, native and wasm
run('npx vite build');
run('node scripts/live-bench.mjs --quick');  // live page benchmark smoke run: prints figures, asserts no speed
run('node scripts/experiment-bench.mjs --quick');  // experiment view smoke run: a tiny sweep in Chromium finishes
run('node scripts/bench-theory.mjs --quick');  // the 16-phase chain in Chromium, as the page's theory worker calls it
run('npx playwright test');
run('node scripts/fuzz.mjs --seconds 60');
