// Runs the libFuzzer targets (tests/fuzz) side by side, each for a bounded
// time, and fails on any finding. `npm test` runs them for 60 s; run longer with
//   node scripts/fuzz.mjs --seconds 3600 [--target fuzz_scenario]
// The targets run at once rather than one after another: libFuzzer's bound is
// wall time, so in turn they would take three times as long for the same
// span of search each, while side by side they share the cores the rest of
// the machine leaves (in `npm test`, what the main lane leaves).
// The corpus a run grows stays in build/fuzz/corpus/<target>, so the next
// run goes on from it; a finding is written to build/fuzz/findings/.
// The mutations follow --seed (default 1); `--seed 0` lets libFuzzer pick a
// new one (for long exploring runs). How far a time-bound search gets
// depends on the CPU it was given, so two runs need not try the same inputs.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { buildFuzz, root } from './setup.mjs';

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
const seconds = Number(option('--seconds', '60'));
if (!Number.isInteger(seconds) || seconds < 1) {
  console.error(`fuzz: --seconds: must be a whole number of at least 1, got ${option('--seconds')}`);
  process.exit(2);
}
const seed = Number(option('--seed', '1'));
if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
  console.error(`fuzz: --seed: must be a whole number in [0, 4294967295], got ${option('--seed')}`);
  process.exit(2);
}
// Each target and its seeds: the presets are scenarios as users write them,
// the experiment presets sweep files (fuzz_sweep also reads its input as a
// results file: the seeds hold result lines).
const targets = {
  fuzz_scenario: ['public/presets', 'tests/fuzz/seeds/scenario'],
  fuzz_events: ['tests/fuzz/seeds/events'],
  fuzz_sweep: ['public/experiments', 'tests/fuzz/seeds/sweep'],
};
const only = option('--target', null);
if (only !== null && !(only in targets)) {
  console.error(`fuzz: --target: must be one of ${Object.keys(targets).join(', ')}, got ${only}`);
  process.exit(2);
}

buildFuzz();
const findings = `${root}build/fuzz/findings/`;
mkdirSync(findings, { recursive: true });
// One target: its corpus seeded, libFuzzer run, its output kept until the end
// (three targets writing at once would interleave their lines).
function fuzz(target, seedDirs) {
  const corpus = `${root}build/fuzz/corpus/${target}`;
  mkdirSync(corpus, { recursive: true });
  for (const dir of seedDirs) {
    for (const name of readdirSync(`${root}${dir}`)) {
      if (name !== 'index.json') cpSync(`${root}${dir}/${name}`, `${corpus}/seed-${name}`);
    }
  }
  const child = spawn(
    `${root}build/fuzz/tests/fuzz/${target}`,
    [
      `-max_total_time=${seconds}`,
      `-seed=${seed}`,
      '-timeout=30', // seconds for one input: a hang is a finding
      '-rss_limit_mb=3072', // past the packet limit's 256 MiB with the sanitizers' overhead
      '-max_len=16384',
      '-print_final_stats=1',
      `-artifact_prefix=${findings}${target}-`,
      corpus,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Only the output's end is kept: an hour's run prints tens of megabytes of
  // progress lines, and what is shown (the final stats, a finding's report)
  // comes last.
  let log = '';
  const keep = (d) => {
    log += d;
    if (log.length > 1 << 20) log = log.slice(-(1 << 18));
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ target, status: -1, log: `${log}\n${error.message}` }));
    child.on('close', (status, signal) => resolve({ target, status: status ?? signal, log }));
  });
}

const chosen = Object.entries(targets).filter(([target]) => only === null || target === only);
console.log(`fuzzing ${chosen.map(([t]) => t).join(', ')} side by side for ${seconds} s`);
let failed = false;
for (const { target, status, log } of await Promise.all(chosen.map(([t, dirs]) => fuzz(t, dirs)))) {
  console.log(`\n> ${target}: ${seconds} s`);
  const stats = log.split('\n').filter((l) => /^stat::number_of_executed_units|^stat::peak_rss_mb|^#\d+\s+DONE/.test(l));
  console.log(stats.join('\n'));
  if (status !== 0) {
    failed = true;
    console.error(log.split('\n').slice(-60).join('\n'));
    console.error(`${target}: a finding (exit ${status}); the input is in ${findings}; reproduce with build/fuzz/tests/fuzz/${target} <file>`);
  }
}
if (failed) process.exit(1);
