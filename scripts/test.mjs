// `npm test`: every test of the lab, from the core to the page, in two lanes.
// The main lane:
//   1. the C++ core: GoogleTest through ctest; a sweep on a real one-node Slurm cluster
//      (tests/cluster/slurm-test.sh: skipped with one line where it cannot be root or install Slurm)
//   2. the wasm build under Node and the page's modules: Vitest
//   3. smoke runs of the speed benchmarks (native and wasm under Node; the sweep pool)
//   4. the page in Debian's Chromium: smoke runs of the live, experiment and theory benchmarks, then Playwright
// Beside it, the fuzz lane: the clang build with sanitizers (a separate
// build of the core, sharing nothing with the main lane's), then the fuzz
// targets side by side for 60 s (scripts/fuzz.mjs). The lane runs at the lowest CPU
// priority, so it takes what the main lane leaves idle (a browser test waits
// on the page much of the time) and hardly slows the main lane's builds or
// its timed browser tests; what is left of it after the main lane ends gets
// the whole machine.
import { buildNative, buildPage, buildWasm, checkNode, corePackages, ensureNodeModules, ensureSystemPackages, fuzzBuildCommand, root, run, startBeside, step } from './setup.mjs';

const since = performance.now();
checkNode();
// Every package first: apt-get cannot run in two lanes at once.
ensureSystemPackages([...corePackages, 'c++ compiler', 'emscripten', 'googletest', 'chromium', 'clang', 'libfuzzer']);
ensureNodeModules();
// The lane leads a session of its own (startBeside), and where the kernel
// schedules a session's processes as one group (autogroup, on in Debian's
// kernels) a nice value weighs only inside its session: the group as a
// whole took half the machine from the main lane. The group's own nice
// value is lowered too (a no-op where there is no autogroup).
const fuzzLane = startBeside('fuzz lane',
  `{ echo 19 > /proc/self/autogroup; } 2>/dev/null; nice -n 19 sh -c '${fuzzBuildCommand} && node scripts/fuzz.mjs --seconds 60'`,
  `${root}build/fuzz-lane.log`);

buildNative();
step('C++ tests (ctest)', () => run('ctest --test-dir build/native --output-on-failure -j2'));
step('Slurm, a one-node cluster', () => run('bash tests/cluster/slurm-test.sh build/native/core-cpp/aqmlab'));
buildWasm();
step('type check (tsc)', () => run('npx tsc -p .'));  // the page, its tests and configs (Vite and Vitest strip types unchecked)
// The Node core was just built: tests that need it must run, not skip (tests/web/support/node-core.ts).
step('Vitest', () => run('npx vitest run', { env: { ...process.env, AQMLAB_NEED_NODE_CORE: '1' } }));
step('benchmark smoke runs (native and wasm under Node)', () => {
  run('node scripts/bench.mjs --quick');  // it must not rot
  run('node scripts/bench-sweep.mjs --quick');  // figures, no speed asserted
  run('node scripts/analysis-bench.mjs --quick');  // the 16-phase chain, native and wasm
});
buildPage();
step('benchmark smoke runs in Chromium', () => {
  run('node scripts/live-bench.mjs --quick');  // prints figures, asserts no speed
  run('node scripts/first-load-bench.mjs --quick');  // one cold and one cached load: the first samples come
  run('node scripts/experiment-bench.mjs --quick');  // a tiny sweep in Chromium finishes
  run('node scripts/bench-theory.mjs --quick');  // the 16-phase chain as the page's theory worker calls it
});
step('Playwright', () => run('npx playwright test'));
console.log('\n== main lane passed; waiting for the fuzz lane');
const fuzzCode = await fuzzLane;
const minutes = ((performance.now() - since) / 60000).toFixed(1);
if (fuzzCode !== 0) {
  console.error(`\nnpm test: the fuzz lane failed (see its output above; ${minutes} min)`);
  process.exit(1);
}
console.log(`\nnpm test: every step passed (${minutes} min)`);
