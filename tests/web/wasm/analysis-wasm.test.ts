// The analysis models give the same results natively (`aqmlab analyze`) and
// in WebAssembly (analyzeModel, analyzeScenario, solveQueueModel): the fluid
// trajectories bit for bit (their exp/log/pow are sim/portable_math.h's, as
// the simulator's), everything else to 1e-9 relative (the chain's dense LU
// uses SIMD natively, and the Bode data's atan and hypot come from two
// different C libraries).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs helper shared with the benchmark script
import { loadCore, root } from '../../../scripts/load-core-node.mjs';

interface AnalysisCore {
  analyzeModel(json: string): string;
  analyzeScenario(json: string, side: number): string;
  solveQueueModel(json: string): string;
  responseBounds(json: string): string;
}

const cli = `${root}build/native/core-cpp/aqmlab`;
const examples = `${root}core-cpp/analysis-examples/`;

function native(args: string[]): unknown {
  return JSON.parse(execFileSync(cli, ['analyze', ...args], { encoding: 'utf8' }));
}

// Walks both values; numbers must agree to `rel` (relative, or absolute near 0).
function expectClose(a: unknown, b: unknown, path = '$', rel = 1e-9): void {
  if (typeof a === 'number' && typeof b === 'number') {
    const scale = Math.max(Math.abs(a), Math.abs(b), 1e-12);
    if (Math.abs(a - b) > rel * scale) expect.fail(`${path}: ${a} != ${b}`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    expect(a.length, `${path}.length`).toBe(b.length);
    a.forEach((x, i) => expectClose(x, b[i], `${path}[${i}]`, rel));
    return;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    expect(Object.keys(a).sort(), `${path} keys`).toEqual(Object.keys(b).sort());
    for (const k of Object.keys(a)) expectClose((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, rel);
    return;
  }
  expect(a, path).toEqual(b);
}

const scenario = JSON.stringify({
  seed: 3,
  duration_s: 60,
  groups: [{ count: 60, rtt_ms: [60, 180] }],
  sides: [{ aqm: 'red' }, { aqm: 'pi' }, { aqm: 'lred' }],
  events: [{ at_s: 30, kind: 'set_flows', group: 0, count: 120 }],
});

describe('analysis: native and wasm agree', () => {
  it('on model files (chain, fluid with an event, stability, response bounds)', async () => {
    const core = (await loadCore()) as AnalysisCore;
    for (const file of ['chain-16-phases.json', 'pi-network.json', 'response-bounds.json']) {
      const text = readFileSync(examples + file, 'utf8');
      const wasm = JSON.parse(core.analyzeModel(text));
      expect(wasm.ok, file).toBe(true);
      const cli = native([examples + file]) as { fluid?: unknown };
      expectClose(wasm, cli, file);
      if (cli.fluid !== undefined) expect(wasm.fluid, `${file} fluid`).toEqual(cli.fluid);
    }
  });

  it('on every side of a scenario', async () => {
    const core = (await loadCore()) as AnalysisCore;
    const dir = mkdtempSync(join(tmpdir(), 'aqmlab-analysis-'));
    writeFileSync(join(dir, 's.json'), scenario);
    for (const side of [0, 1, 2]) {
      const wasm = JSON.parse(core.analyzeScenario(scenario, side));
      expect(wasm.ok).toBe(true);
      expect(wasm.fluid.t.length).toBeGreaterThan(100);
      expect(['stable', 'marginal', 'unstable']).toContain(wasm.stability.verdict);
      const cli = native(['--scenario', join(dir, 's.json'), '--side', String(side)]) as { fluid: unknown };
      expectClose(wasm, cli, `side ${side}`);
      expect(wasm.fluid, `side ${side} fluid, bit for bit`).toEqual(cli.fluid);
    }
  });

  it('names the field on bad input', async () => {
    const core = (await loadCore()) as AnalysisCore;
    expect(JSON.parse(core.analyzeScenario(scenario, 7))).toEqual({ ok: false, error: 'side: must be an integer in [0, 2]' });
    expect(JSON.parse(core.solveQueueModel('{"sources":[{"poisson":-3}]}'))).toEqual({
      ok: false,
      error: 'sources[0].poisson: must be in [0, 10000000], got -3',
    });
    expect(JSON.parse(core.responseBounds('{"capacity_pps":2500}'))).toEqual({
      ok: false,
      error: 'flows: is required (a list of flow counts)',
    });
    const chain = JSON.parse(core.solveQueueModel('{"sources":[{"poisson":800}],"service_rate_pps":1000,"capacity_pkts":5}'));
    expect(chain.ok).toBe(true);
    // M/M/1/5 at rho = 0.8: P(5) = 0.2 * 0.8^5 / (1 - 0.8^6).
    expect(chain.loss).toBeCloseTo((0.2 * 0.8 ** 5) / (1 - 0.8 ** 6), 12);
  });
});
