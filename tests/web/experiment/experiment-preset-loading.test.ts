import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchExperimentIndex, loadExperimentPreset, presetForm, readExperimentIndex, type ExperimentPresetEntry } from '../../../web/src/experiment/experiment-presets';
import { experimentFields } from '../../../web/src/experiment/experiment-defaults';
import { readExperimentState, sweepDocument } from '../../../web/src/experiment/experiment-state';
import { sweepFunctionsOf } from '../../../web/src/experiment/sweep-api';
import type { Fetcher } from '../../../web/src/scenario/presets';
import { nodeCore, nodeCoreBuilt, repoRoot } from '../support/node-core';

// Loading a paper's figure (public/experiments/) into the experiment form:
// the form's state holds the sweep file as written (base, axes with their
// values, range or step, zip, seeds, metrics and windows) and the figure's
// plot; the sweep file the form then writes plans, on the real core, to
// exactly the runs of the shipped file; a link carries the preset's id.

/** Serves public/ as the page's server does. */
const publicFetcher: Fetcher = (url) => {
  try {
    const text = readFileSync(join(repoRoot, 'public', url), 'utf8');
    return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(text) });
  } catch {
    return Promise.resolve({ ok: false, status: 404, text: () => Promise.resolve('') });
  }
};
const publicJson = (path: string): unknown => JSON.parse(readFileSync(join(repoRoot, 'public', path), 'utf8'));
const entries = await fetchExperimentIndex('/', publicFetcher);
const entry = (id: string): ExperimentPresetEntry => {
  const found = entries.find((e) => e.id === id);
  if (!found) throw new Error(`no ${id} in the index`);
  return found;
};

describe('the experiment presets index', () => {
  it('reads every figure with what it plots', () => {
    expect(entries.map((e) => e.id)).toContain('lred-fig4');
    expect(entry('lred-fig4').plot).toEqual({ x: 'groups[*].count', xLabel: 'flows per access delay (N / 5)', y: ['response_time_s'] });
    expect(entry('lred-fig4').runs).toBe(30);
    expect(entry('aopc-fig8').plot.xLabel).toBeNull();
  });

  it('names the faulty field of a damaged index', () => {
    const index = publicJson('experiments/index.json') as { experiments: Record<string, unknown>[] };
    const first = index.experiments[0] ?? {};
    const damaged = (patch: Record<string, unknown>) => readExperimentIndex({ version: 1, experiments: [{ ...first, ...patch }] });
    expect(damaged({ runs: 0 })).toBe('experiments[0].runs: must be a positive whole number');
    expect(damaged({ plot: { x: 'groups[*].count', y: [] } })).toBe('experiments[0].plot.y: must be a non-empty list of metric names');
    expect(damaged({ id: '../x' })).toBe('experiments[0].id: must be lower-case letters, digits and \'-\', got "../x"');
    expect(damaged({ shows: '' })).toBe('experiments[0].shows: must be a non-empty string');
    expect(readExperimentIndex({ version: 1, experiments: [first, first] })).toBe('experiments index: id lred-fig4 appears twice');
    expect(readExperimentIndex({ version: 2, experiments: [] })).toBe('experiments index.version: must be 1');
  });
});

describe('loading a preset into the form', () => {
  it('LRED Fig. 4: the named base fetched whole, the range axis, 3 seeds, the metrics kept, response time plotted', async () => {
    const loaded = await loadExperimentPreset('/', entry('lred-fig4'), publicFetcher);
    expect(loaded.baseName).toBe('lred-exp1');
    const { state } = loaded;
    expect(state.base).toEqual(publicJson('presets/lred-exp1.json'));
    expect(state.axes).toEqual([{ path: 'groups[*].count', mode: 'range', values: '', from: '20', to: '200', count: '10', scale: 'linear', by: 'count', step: '' }]);
    expect(state.zip).toBe(false);
    expect(state.seeds).toBe(3);
    const file = publicJson('experiments/lred-fig4.json') as Record<string, unknown>;
    expect(state.extra).toEqual({ metrics: file.metrics });
    expect(state.plot.metric).toBe('response_time_s');
    expect(state.preset).toBe('lred-fig4');
    expect(state.baseLabel).toBe(entry('lred-fig4').title);
  });

  it('MSC Figs. 3 and 4: two zipped axes, a list and a step range as written', async () => {
    const fig3 = (await loadExperimentPreset('/', entry('msc-fig3'), publicFetcher)).state;
    expect(fig3.zip).toBe(true);
    expect(fig3.axes.map((a) => [a.path, a.mode, a.values])).toEqual([
      ['groups[0].count', 'values', '5, 10, 20, 50, 100, 150, 200, 250, 300'],
      ['events[*].count', 'values', '5, 10, 20, 50, 100, 150, 200, 250, 300'],
    ]);
    const fig4 = (await loadExperimentPreset('/', entry('msc-fig4'), publicFetcher)).state;
    expect(fig4.axes.map((a) => [a.path, a.mode, a.from, a.to, a.by, a.step])).toEqual([
      ['groups[1].arrival_rate', 'range', '5', '50', 'step', '5'],
      ['events[*].rate', 'range', '5', '50', 'step', '5'],
    ]);
    const doc = sweepDocument(fig4);
    expect(doc.ok && doc.value.axes).toEqual([
      { path: 'groups[1].arrival_rate', range: { from: 5, to: 50, step: 5, scale: 'linear' } },
      { path: 'events[*].rate', range: { from: 5, to: 50, step: 5, scale: 'linear' } },
    ]);
  });

  it('LRED Fig. 6 keeps its windows; AOPC Fig. 8 plots queue s.d. against mean queue; AAQM Fig. 16 has its scenario inline', async () => {
    const fig6 = (await loadExperimentPreset('/', entry('lred-fig6'), publicFetcher)).state;
    const file6 = publicJson('experiments/lred-fig6.json') as Record<string, unknown>;
    expect(fig6.extra).toEqual({ metrics: file6.metrics, windows: file6.windows });
    const aopc = (await loadExperimentPreset('/', entry('aopc-fig8'), publicFetcher)).state;
    expect(aopc.plot).toEqual({ metric: 'queue_sd_pkts', x: 'mean_queue_pkts', y: 'queue_sd_pkts' });
    const aaqm = await loadExperimentPreset('/', entry('aaqm-fig16'), publicFetcher);
    expect(aaqm.baseName).toBeNull();
    expect(aaqm.state.base).toEqual((publicJson('experiments/aaqm-fig16.json') as Record<string, unknown>).base);
  });

  it('names what the form cannot hold', () => {
    const e = entry('lred-fig4');
    const error = (sweep: Record<string, unknown>) => {
      const form = presetForm(e, sweep, {});
      return form.ok ? '' : form.error;
    };
    const axis = { path: 'groups[0].count', values: [1, 2] };
    expect(error({ axes: [axis], seeds: [7, 8] })).toBe('lred-fig4.json: seeds: the form takes a count in [1, 1000], got [7,8]');
    expect(error({ axes: [axis, { ...axis, path: 'a' }, { ...axis, path: 'b' }], seeds: 2 })).toBe('lred-fig4.json: axes: the form takes 1 to 2 axes');
    expect(error({ axes: [{ path: 'sides[*].aqm', values: ['red', 'pi'] }], seeds: 2 })).toBe('lred-fig4.json: axes[0].values[0]: the form takes a number here, got "red"');
    expect(error({ axes: [{ path: 'x', range: { from: 1, to: 'ten', count: 3 } }], seeds: 2 })).toBe('lred-fig4.json: axes[0].range.to: the form takes a number here, got "ten"');
  });

  it('a link carries the preset it was loaded from', async () => {
    const { state } = await loadExperimentPreset('/', entry('msc-fig4'), publicFetcher);
    const fields = JSON.parse(JSON.stringify(experimentFields(state))) as Record<string, unknown>;
    expect(fields.preset).toBe('msc-fig4');
    expect(readExperimentState(fields)).toEqual({ ok: true, value: state });
    const bad = readExperimentState({ ...fields, preset: 'Not an id' });
    expect(bad.ok ? '' : bad.error).toBe("experiment.preset: must be an experiment preset's id (lower-case letters, digits and '-')");
  });
});

const core = nodeCoreBuilt ? await nodeCore() : null;

describe.skipIf(core === null)('the form plans the shipped sweep on the real core', () => {
  it.each(entries.map((e) => [e.id, e] as const))('%s: the same runs as the file itself', async (_id, e) => {
    const found = core ? sweepFunctionsOf(core) : 'no Node core';
    if (typeof found === 'string') throw new Error(found);
    const { state } = await loadExperimentPreset('/', e, publicFetcher);
    const doc = sweepDocument(state);
    if (!doc.ok) throw new Error(doc.error);
    const fromFile = found.sweepPlan(readFileSync(join(repoRoot, 'public/experiments', `${e.id}.json`), 'utf8'));
    expect(JSON.parse(fromFile)).toMatchObject({ ok: true, count: e.runs });
    expect(found.sweepPlan(JSON.stringify(doc.value))).toBe(fromFile);
  });
});
