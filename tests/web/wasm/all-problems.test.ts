import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OutcomeLine } from '../../../web/src/lib/action-outcome';
import { problemsOf } from '../../../web/src/lib/problems';
import { importJson } from '../../../web/src/app/share-actions';
import { linkBanner } from '../../../web/src/scenario/url-codec';
import { coreError, nodeCore, nodeCoreBuilt } from '../support/node-core';

// A scenario with three independent mistakes: the wasm core refuses it with
// all three (as the native one does, tests/cpp/scenario/all_problems_test.cc),
// and the page's link banner and file import list all three as the core named them.

const threeProblems = JSON.stringify({
  duration_s: -5,
  groups: [{ kind: 'tcp', count: 5, bogus: 1 }],
  sides: [{ aqm: 'droptail' }, { aqm: 'red', params: { min_th: 100, max_th: 50 } }],
});
const expected = [
  'duration_s: must be in [0.1, 86400], got -5',
  'groups[0].bogus: unknown field for kind "tcp"',
  'sides[1].params.min_th: must be below max_th (50), got 100',
];

const fileOf = (text: string, name: string) => ({ name, size: text.length, text: () => Promise.resolve(text) });

describe.runIf(nodeCoreBuilt)('every problem at once, from the wasm core', () => {
  it('validateScenario and a Simulation give all three, one per line, in order', async () => {
    const core = await nodeCore();
    expect(problemsOf(coreError(core, threeProblems))).toEqual(expected);
    const sim = new core.Simulation(threeProblems, 0);
    try {
      expect(problemsOf(sim.error())).toEqual(expected);
    } finally {
      sim.delete();
    }
    // One mistake alone reads as it always did.
    expect(coreError(core, '{"duration_s": -5}')).toBe(expected[0]);
  });

  it('a sweep file and a model file likewise', async () => {
    const core = await nodeCore();
    const sweep = JSON.parse(
      core.sweepPlan?.(JSON.stringify({ base: { duration_s: -1 }, axes: [{ values: [1, 2] }], seeds: [1, 1] })) ?? '{}',
    ) as { ok: boolean; error: string };
    expect(sweep.ok).toBe(false);
    expect(problemsOf(sweep.error)).toEqual(['base.duration_s: must be in [0.1, 86400], got -1', 'axes[0].path: is required', 'seeds[1]: repeats 1']);
    const model = JSON.parse(core.analyzeModel?.(JSON.stringify({ network: { flows: -3 }, aqm: 'red', extra: 1 })) ?? '{}') as {
      ok: boolean;
      error: string;
    };
    expect(model.ok).toBe(false);
    expect(problemsOf(model.error)).toEqual([
      'network.flows: must be in [0, 1000000], got -3',
      'extra: unknown field (network, aqm, params, fluid, chain, stability, response_bounds, sender_response)',
    ]);
  });

  it('the link banner counts them and lists each', async () => {
    const core = await nodeCore();
    const banner = linkBanner(coreError(core, threeProblems), 'default');
    expect(banner.message).toBe('This link could not be opened (its scenario has 3 problems). Showing the default lab instead.');
    expect(banner.problems).toEqual(expected);
  });

  it('an imported file counts them and the status line lists each', async () => {
    const core = await nodeCore();
    const outcome = await importJson(fileOf(threeProblems, 'mine.json'), async (json) => coreError(core, json) || null);
    expect(outcome).toEqual({ kind: 'error', message: '3 problems in mine.json:', problems: expected });
    const html = renderToStaticMarkup(createElement(OutcomeLine, { outcome, testId: 'share', linkLabel: 'Link' }));
    expect(html).toContain('<p>3 problems in mine.json:</p>');
    const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual(expected.map((p) => p.replaceAll('"', '&quot;')));
  });
});
