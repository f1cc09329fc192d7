import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlanBrief } from '../../../web/src/experiment/sweep-core';
import { planText, sweepFunctionsOf } from '../../../web/src/experiment/sweep-api';
import { nodeCore, nodeCoreBuilt, repoRoot } from '../support/node-core';

// Every experiment preset the index lists is a sweep file the page's core
// (the Node build of the same wasm) plans as written, with exactly the run
// count the index tells the user, and keeps the metrics the index plots.
// This is what the experiment view relies on to run a preset unchanged.

const core = nodeCoreBuilt ? await nodeCore() : null;
const dir = join(repoRoot, 'public/experiments');
const text = (file: string): string => readFileSync(join(dir, file), 'utf8');

interface Entry {
  id: string;
  runs: number;
  plot: { x: string; y: string[] };
}
const entries = (JSON.parse(text('index.json')) as { experiments: Entry[] }).experiments;

describe.skipIf(core === null)('the experiment presets on the real core', () => {
  const found = core ? sweepFunctionsOf(core) : 'no Node core';
  it.each(entries.map((e) => [e.id, e] as const))('%s plans as written with the index run count', (_id, entry) => {
    if (typeof found === 'string') throw new Error(found);
    const plan = readPlanBrief(planText(found.sweepPlan(text(`${entry.id}.json`)), true));
    if (!plan.ok) throw new Error(`${entry.id}: ${plan.error}`);
    expect(plan.value.count).toBe(entry.runs);
    for (const y of entry.plot.y) expect(plan.value.metrics).toContain(y);
  });
});
