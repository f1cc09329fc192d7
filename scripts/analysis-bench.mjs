// The analysis benchmark: the 16-phase MMPP / Erlang-4 / 1 / 200 chain
// (core-cpp/analysis-examples/chain-16-phases.json, 12,816 states) solved
// natively (`aqmlab analyze --bench`) and in WebAssembly under Node
// (solveQueueModel), each after one untimed solve; and analyzeScenario on
// the default lab's RED side (a 300 s fluid trajectory, Bode, margins) in
// wasm, the call the page makes after every live change. Prints the figures; it
// asserts nothing about speed (the page's Chromium figure is the theory
// view's own benchmark). `--quick`: 1 timed solve each (the CI smoke run).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadCore, root } from './load-core-node.mjs';

const repeat = process.argv.includes('--quick') ? 1 : 9;
const modelPath = `${root}core-cpp/analysis-examples/chain-16-phases.json`;
const cli = `${root}build/native/core-cpp/aqmlab`;

const native = JSON.parse(execFileSync(cli, ['analyze', '--bench', '--repeat', String(repeat + 1), modelPath],
  { encoding: 'utf8' }));

const core = await loadCore();
const chain = JSON.stringify(JSON.parse(readFileSync(modelPath, 'utf8')).chain);
const times = [];
let states = 0;
for (let i = 0; i <= repeat; i++) {
  const start = performance.now();
  const result = JSON.parse(core.solveQueueModel(chain));
  const ms = performance.now() - start;
  if (!result.ok) throw new Error(result.error);
  states = result.states;
  if (i > 0) times.push(ms);  // the first solve warms the module up
}
times.sort((a, b) => a - b);
const wasmMedian = times[Math.floor(times.length / 2)];
console.log(`chain: ${states} states (${native.phases} phases x ${native.erlang_stages} stages, L = ${native.capacity_pkts})`);
console.log(`  native: median ${native.median_ms.toFixed(1)} ms (min ${native.min_ms.toFixed(1)}) over ${native.repeat} solves (the first included)`);
console.log(`  wasm (Node): median ${wasmMedian.toFixed(1)} ms (min ${times[0].toFixed(1)}) over ${times.length} solves`);

const lab = core.defaultScenario();
const sideTimes = [];
for (let i = 0; i <= repeat; i++) {
  const start = performance.now();
  const result = JSON.parse(core.analyzeScenario(lab, 1));
  const ms = performance.now() - start;
  if (!result.ok) throw new Error(result.error);
  if (i > 0) sideTimes.push(ms);
}
sideTimes.sort((a, b) => a - b);
console.log(`analyzeScenario (default lab, side 1): wasm (Node) median ${sideTimes[Math.floor(sideTimes.length / 2)].toFixed(1)} ms over ${sideTimes.length} calls`);
