// What `npm start` and `npm test` need before they can build: Debian
// packages (installed with apt-get when running as root, otherwise named in
// a clear message) and the npm dependencies.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
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

function hasLibFuzzer() {
  const probe = spawnSync('clang++', ['-print-file-name=libclang_rt.fuzzer-x86_64.a'], { encoding: 'utf8' });
  return probe.status === 0 && probe.stdout.trim().startsWith('/') && existsSync(probe.stdout.trim());
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

export function run(cmd, options = {}) {
  console.log(`\n> ${cmd}`);
  execSync(cmd, { stdio: 'inherit', cwd: root, ...options });
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
  console.log(`Installing ${pkgs.join(', ')} with apt-get ...`);
  run('apt-get update -qq', { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(`apt-get install -y -qq ${pkgs.join(' ')}`, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function ensureNodeModules() {
  const lock = `${root}package-lock.json`;
  const marker = `${root}node_modules/.package-lock.json`;
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  run(existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund');
}

export function buildNative() {
  run('cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null');
  run('cmake --build build/native -j2');
}

// The libFuzzer targets: clang, with the sanitizers (see CMakeLists.txt).
export function buildFuzz() {
  ensureSystemPackages(['cmake', 'ninja', 'clang', 'libfuzzer', 'nlohmann json', 'pcg random', 'boost math', 'eigen']);
  run('cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAQMLAB_FUZZ=ON ' +
      '-DCMAKE_CXX_COMPILER=clang++ > /dev/null');
  run('cmake --build build/fuzz -j2');
}

export function buildWasm() {
  run('bash scripts/build-wasm.sh');
}
