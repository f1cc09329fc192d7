import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { AqmLabModule } from '../../../web/src/generated/aqmlab.mjs';
import { readResult } from '../../../web/src/worker/core-json';

// The Node build of the core for tests that need the real validator and
// simulator (the share modules: links, presets, CSV).

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const loaderPath = `${repoRoot}scripts/load-core-node.mjs`;
export const nodeCoreBuilt = existsSync(`${repoRoot}build/wasm/node/aqmlab-node.cjs`) && existsSync(loaderPath);
// `npm test` builds the Node core before Vitest and sets this, so the tests
// that need it (skipIf / runIf nodeCoreBuilt) fail loudly instead of being
// skipped when the build is missing; a bare `npx vitest run` may skip them.
if (process.env.AQMLAB_NEED_NODE_CORE === '1' && !nodeCoreBuilt) {
  throw new Error('AQMLAB_NEED_NODE_CORE is set but build/wasm/node/aqmlab-node.cjs is missing (bash scripts/build-wasm.sh)');
}

let loading: Promise<AqmLabModule> | null = null;

export function nodeCore(): Promise<AqmLabModule> {
  loading ??= (async () => {
    const loader: unknown = await import(/* @vite-ignore */ loaderPath);
    if (typeof loader !== 'object' || loader === null || !('loadCore' in loader) || typeof loader.loadCore !== 'function') {
      throw new Error('scripts/load-core-node.mjs has no loadCore()');
    }
    return loader.loadCore();
  })();
  return loading;
}

/** The core's verdict on a scenario: '' when valid, else its message. */
export function coreError(core: AqmLabModule, scenarioJson: string): string {
  const result = readResult(core.validateScenario(scenarioJson));
  return result.ok ? '' : result.error;
}

export interface RunOutcome {
  summary: Record<string, unknown>;
  columns: string[];
  samples: number;
}

/** Runs one side to `untilS` (or its end) and returns its summary. */
export function runSide(core: AqmLabModule, scenarioJson: string, side: number, untilS = Number.POSITIVE_INFINITY): RunOutcome {
  const sim = new core.Simulation(scenarioJson, side);
  try {
    expect(sim.error(), `side ${side}`).toBe('');
    const columns = JSON.parse(sim.columns()) as string[];
    let samples = 0;
    while (!sim.done() && sim.now() < untilS) {
      samples += sim.advance(Math.min(untilS, sim.now() + 1));
      sim.clearBatch();
    }
    return { summary: JSON.parse(sim.summary()) as Record<string, unknown>, columns, samples };
  } finally {
    sim.delete();
  }
}
