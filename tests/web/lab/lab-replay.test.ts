import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lab } from '../../../web/src/lab/lab';
import type { AqmLabModule } from '../../../web/src/generated/aqmlab.mjs';
import { ManualClock } from '../support/manual-clock';
import { oneWorker } from '../support/runner-port';

// The promise of Lab.exportScenario, against the real core: a run steered
// live (sides apart in time when the changes came) and the exported scenario
// loaded into a fresh lab give bit-identical samples on every side.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const nodeBuild = `${root}build/wasm/node/aqmlab-node.cjs`;
const loaderPath = `${root}scripts/load-core-node.mjs`;

async function loadCore(): Promise<AqmLabModule> {
  const loader: unknown = await import(/* @vite-ignore */ loaderPath);
  if (typeof loader !== 'object' || loader === null || !('loadCore' in loader) || typeof loader.loadCore !== 'function') {
    throw new Error('scripts/load-core-node.mjs has no loadCore()');
  }
  return loader.loadCore();
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Every column of every side, sample by sample. */
function samples(lab: Lab): number[][][] {
  return lab.sides.map((side) =>
    side.store.columns.map((_, c) => Array.from({ length: side.store.length }, (_, i) => side.store.at(c, i))),
  );
}

describe.skipIf(!existsSync(nodeBuild) || !existsSync(loaderPath))('an exported run replays exactly', () => {
  let core: AqmLabModule;
  let clock: ManualClock;
  const labs: Lab[] = [];

  const newLab = async (): Promise<Lab> => {
    const lab = new Lab(oneWorker(core, clock), { sideCount: 2, speed: 10, windowS: 60 });
    labs.push(lab);
    lab.start();
    await drive(lab, () => lab.sides.every((s) => s.status.info !== null));
    return lab;
  };

  async function drive(lab: Lab, done: () => boolean): Promise<void> {
    for (let i = 0; i < 500 && !done(); i++) {
      clock.advance(20);
      await settle();
    }
    if (!done()) throw new Error(`lab never got there: ${lab.sides.map((s) => s.now).join(', ')}`);
  }

  const runTo = async (lab: Lab, t: number) => {
    expect(await lab.runUntil(t)).toBeNull();
    await drive(lab, () => lab.sides.every((s) => s.now >= t && !s.status.playing));
  };

  beforeEach(async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    core = await loadCore();
    clock = new ManualClock();
  });

  afterEach(() => {
    for (const lab of labs.splice(0)) lab.dispose();
    vi.unstubAllGlobals();
  });

  it('live flows, capacity and max_p changes, exported and loaded, give the same samples', async () => {
    const live = await newLab();
    await runTo(live, 0.8);
    live.sides[1]?.worker.send((w) => w.runUntil(1.37)); // the sides apart: the change must still act at one time on both
    await drive(live, () => (live.sides[1]?.now ?? 0) >= 1.37 && !live.sides[1]?.status.playing);
    await live.setFlows(120);
    await runTo(live, 2.1);
    await live.setParam(1, 'red', 'max_p', 0.35);
    await live.applyEverywhere({ kind: 'set_capacity', mbps: 6 });
    await runTo(live, 3.5);
    const exported = await live.exportScenario();
    const events = JSON.parse(exported).events;
    expect(events).toEqual([
      { at_s: 1.37, kind: 'set_flows', group: 0, count: 120 },
      { at_s: 2.1, kind: 'set_param', side: 1, name: 'max_p', value: 0.35 },
      { at_s: 2.1, kind: 'set_capacity', mbps: 6 },
    ]);

    const replay = await newLab();
    expect(await replay.load(exported)).toBeNull();
    await drive(replay, () => replay.sides.every((s) => s.status.info !== null && !s.status.restarting));
    await runTo(replay, 3.5);
    const a = samples(live);
    const b = samples(replay);
    expect(a[0]?.[0]?.length).toBe(350);
    expect(b).toEqual(a);

    // The changes did change the run: the default scenario alone gives other numbers.
    const plain = await newLab();
    await runTo(plain, 3.5);
    expect(samples(plain)).not.toEqual(a);
  });
});
