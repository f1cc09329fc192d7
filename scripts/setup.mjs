// What `npm start` and `npm test` need before they can build, and the builds
// themselves: the Node.js version, Debian packages (installed with apt-get
// when running as root, otherwise named in a clear message), the npm
// dependencies, the native, wasm and fuzz builds and the page's Vite build.
// Every step says what it does and how long it took.
import { createHash } from 'node:crypto';
import { execSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

// Each requirement: how to tell it is present, and the Debian package.
const requirements = {
  cmake: { present: () => onPath('cmake'), pkg: 'cmake' },
  ninja: { present: () => onPath('ninja'), pkg: 'ninja-build' },
  'c++ compiler': { present: () => onPath('g++'), pkg: 'g++' },
  emscripten: { present: () => onPath('emcc'), pkg: 'emscripten' },
  'nlohmann json': { present: () => existsSync('/usr/include/nlohmann/json.hpp'), pkg: 'nlohmann-json3-dev' },
  'pcg random': { present: () => existsSync('/usr/include/pcg_random.hpp'), pkg: 'libpcg-cpp-dev' },
  eigen: { present: () => existsSync('/usr/include/eigen3/Eigen/Dense'), pkg: 'libeigen3-dev' },
  // Header-only Boost.Math: the Student t quantile of sweep reports.
  'boost math': {
    present: () => existsSync('/usr/include/boost/math/distributions/students_t.hpp'),
    pkg: 'libboost-math-dev',
  },
  googletest: { present: () => existsSync('/usr/include/gtest/gtest.h'), pkg: 'libgtest-dev' },
  chromium: { present: () => existsSync('/usr/bin/chromium'), pkg: 'chromium' },
  // The fuzz targets: clang, and its runtimes (libFuzzer, the sanitizers),
  // which Debian 12 ships for its clang 14 in libclang-rt-14-dev.
  clang: { present: () => onPath('clang++'), pkg: 'clang' },
  libfuzzer: { present: () => hasLibFuzzer(), pkg: 'libclang-rt-14-dev' },
};

/** What the core needs in either build (wasm or native). */
export const corePackages = ['cmake', 'ninja', 'nlohmann json', 'pcg random', 'boost math', 'eigen'];

function hasLibFuzzer() {
  const probe = spawnSync('clang++', ['-print-file-name=libclang_rt.fuzzer-x86_64.a'], { encoding: 'utf8' });
  return probe.status === 0 && probe.stdout.trim().startsWith('/') && existsSync(probe.stdout.trim());
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs `fn` as one named step: says what it does, then how long it took. */
export function step(what, fn) {
  const since = performance.now();
  console.log(`\n== ${what}`);
  const result = fn();
  console.log(`== ${what}: ${result ?? 'done'} (${seconds(since)})`);
}

export function run(cmd, options = {}) {
  console.log(`> ${cmd}`);
  execSync(cmd, { stdio: 'inherit', cwd: root, ...options });
}

/**
 * Starts a shell command beside the steps that follow, its output kept in
 * `log` and printed in one block when it ends (lines of two lanes do not
 * interleave, and a full pipe cannot stall it while a step holds this
 * process). Resolves to its exit code; if this process ends first, however
 * it ends, the command and its children are stopped with it.
 */
export function startBeside(what, cmd, log) {
  const since = performance.now();
  mkdirSync(dirname(log), { recursive: true });
  const out = openSync(log, 'w');
  console.log(`\n== ${what}, beside the steps below (its output: ${relative(root, log)})\n> ${cmd}`);
  // The command runs in a process group of its own (so stopping it stops its
  // builds too), watched by a loop in that group: if this process dies, even
  // by SIGKILL where no handler runs, the loop stops the group.
  const guarded = `(while kill -0 ${process.pid} 2>/dev/null; do sleep 2; done; kill -TERM -$$) & watcher=$!; `
    + `${cmd}; code=$?; kill $watcher 2>/dev/null; exit $code`;
  const child = spawn('sh', ['-c', guarded], { cwd: root, stdio: ['ignore', out, out], detached: true });
  const stop = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ } };
  process.on('exit', stop);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      process.off('exit', stop);
      closeSync(out);
      console.log(`\n== ${what}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} (${seconds(since)}); its output:`);
      process.stdout.write(readFileSync(log));
      resolve(code ?? 1);
    });
  });
}

// The Node.js range of package.json's `engines` ("^20.19.0 || >=22.12.0" and
// the like: alternatives of `^x.y.z` or `>=x.y.z`), the one statement of it.
function nodeSatisfies(range, version) {
  const parse = (v) => v.replace(/^v/, '').split('.').map(Number);
  const [major, minor, patch] = parse(version);
  const atLeast = ([a, b, c]) => major > a || (major === a && (minor > b || (minor === b && patch >= c)));
  return range.split('||').some((alternative) => {
    const m = /^\s*(\^|>=)\s*(\d+)\.(\d+)\.(\d+)\s*$/.exec(alternative);
    if (m === null) throw new Error(`package.json engines.node: cannot read "${alternative.trim()}"`);
    const bound = [Number(m[2]), Number(m[3]), Number(m[4])];
    return atLeast(bound) && (m[1] === '>=' || major === bound[0]);
  });
}

export function checkNode() {
  const range = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).engines.node;
  if (nodeSatisfies(range, process.version)) return;
  console.error(
    `AQM Lab needs Node.js ${range} (its build tools, Vite and Vitest, ask for it); this is Node.js ${process.version}.\n` +
      'Install a supported version (e.g. Node.js 20 from https://nodejs.org or NodeSource), then run the command again.',
  );
  process.exit(1);
}

export function ensureSystemPackages(names) {
  const missing = names.filter((n) => !requirements[n].present());
  if (missing.length === 0) return;
  const pkgs = missing.map((n) => requirements[n].pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `AQM Lab needs these Debian packages: ${pkgs.join(' ')}\n` +
        `Install them with:  sudo apt-get install -y ${pkgs.join(' ')}\nthen run the command again.`,
    );
    process.exit(1);
  }
  step(`installing ${pkgs.join(', ')} with apt-get`, () => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get update -qq', { env });
    // apt-get's chatter (debconf's notes about a minimal system, say) only
    // matters when the install fails: it goes to a log, printed then.
    const log = `${root}build/apt-get.log`;
    mkdirSync(dirname(log), { recursive: true });
    try {
      run(`apt-get install -y -qq ${pkgs.join(' ')} > ${log} 2>&1`, { env });
    } catch (e) {
      console.error(readFileSync(log, 'utf8'));
      throw e;
    }
  });
}

export function ensureNodeModules() {
  const lock = `${root}package-lock.json`;
  const marker = `${root}node_modules/.package-lock.json`;
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  step('installing the npm dependencies', () => run('npm ci --no-audit --no-fund'));
}

export function buildNative() {
  step('building the native core, the command-line tool and the C++ tests', () => {
    if (!existsSync(`${root}build/native/build.ninja`)) {
      run('cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null');
    }
    run('cmake --build build/native -j2');
  });
}

/** The fuzz build's configure and compile command (clang, sanitizers: see CMakeLists.txt). */
export const fuzzBuildCommand =
  '{ [ -f build/fuzz/build.ninja ] || cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo ' +
  '-DAQMLAB_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ > /dev/null; } && cmake --build build/fuzz -j2';

export function buildFuzz() {
  ensureSystemPackages([...corePackages, 'clang', 'libfuzzer']);
  step('building the fuzz targets (clang, sanitizers)', () => run(fuzzBuildCommand));
}

/** The wasm build: the page's module only (`npm start`), or the Node module beside it. */
export function buildWasm({ pageOnly = false } = {}) {
  step(pageOnly ? "building the page's wasm core" : 'building the wasm core (the page\'s and Node\'s)', () =>
    run(`bash scripts/build-wasm.sh${pageOnly ? ' aqmlab_web' : ''}`),
  );
}

// Everything `vite build` reads: the page's sources and generated core, the
// static files, the configs and the locked dependencies.
const pageInputs = ['web', 'public', 'vite.config.ts', 'package-lock.json'];
const pageStamp = `${root}build/page-inputs.sha256`;

function hashInputs() {
  const hash = createHash('sha256');
  const add = (path) => {
    if (statSync(`${root}${path}`).isDirectory()) {
      for (const name of readdirSync(`${root}${path}`).sort()) add(`${path}/${name}`);
    } else {
      hash.update(`${path}\0`).update(readFileSync(`${root}${path}`)).update('\0');
    }
  };
  for (const path of pageInputs) add(path);
  return hash.digest('hex');
}

/** `vite build` into dist/, skipped when dist/ was built from the same inputs. */
export function buildPage() {
  step("building the page (vite build)", () => {
    const inputs = hashInputs();
    const built = existsSync(`${root}dist/index.html`) && existsSync(pageStamp) ? readFileSync(pageStamp, 'utf8') : '';
    if (built === inputs) return 'dist/ is up to date, skipped';
    run('npx vite build --logLevel warn');
    mkdirSync(`${root}build`, { recursive: true });
    writeFileSync(pageStamp, inputs);
  });
}
