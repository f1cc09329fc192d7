import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/node-core';

// The papers' figures as experiment presets (public/experiments/): the index
// describes every file (what it shows and assumes, the figure's axes), and
// each plot names what its sweep varies or keeps. The sweep parser's own
// check and a run of each first point are cli/experiments.sh (ctest).

const dir = join(repoRoot, 'public/experiments');
const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function entries(): Record<string, unknown>[] {
  const index = read('index.json');
  if (!isRecord(index) || index.version !== 1 || !Array.isArray(index.experiments)) throw new Error('index.json: not version 1 with experiments');
  return index.experiments.filter(isRecord);
}

describe('the experiment presets', () => {
  it('lists every file of public/experiments/ once, each with what it shows and assumes', () => {
    const ids = entries().map((e) => e.id);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json').map((f) => f.slice(0, -5));
    expect([...ids].sort()).toEqual(files.sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of entries()) {
      for (const key of ['title', 'source', 'shows', 'assumes']) expect(typeof e[key] === 'string' && e[key].length > 10, `${String(e.id)}.${key}`).toBe(true);
      expect(Number.isInteger(e.runs) && Number(e.runs) > 0, `${String(e.id)}.runs`).toBe(true);
    }
  });

  it("covers the papers' figures the lab redoes", () => {
    const ids = entries().map((e) => e.id);
    for (const id of ['lred-fig4', 'lred-fig6', 'lred-fig8', 'aopc-fig8', 'msc-fig3', 'msc-fig4', 'msc-fig6-ecn', 'msc-fig6-noecn', 'aaqm-fig16']) expect(ids).toContain(id);
  });

  it('plots an axis or a kept metric against kept metrics', () => {
    for (const e of entries()) {
      const sweep = read(`${String(e.id)}.json`);
      if (!isRecord(sweep) || !Array.isArray(sweep.axes) || !Array.isArray(sweep.metrics)) throw new Error(`${String(e.id)}: no axes or metrics`);
      const axes = sweep.axes.flatMap((a) => (isRecord(a) && typeof a.path === 'string' ? [a.path] : []));
      const metrics = sweep.metrics.filter((m): m is string => typeof m === 'string');
      const plot = e.plot;
      if (!isRecord(plot) || typeof plot.x !== 'string' || !Array.isArray(plot.y)) throw new Error(`${String(e.id)}: no plot`);
      expect([...axes, ...metrics], `${String(e.id)} plot.x`).toContain(plot.x);
      for (const y of plot.y) expect(metrics, `${String(e.id)} plot.y`).toContain(y);
    }
  });

  it('gives the paper figures their ranges: LRED N = 100..1000 (5 groups), MSC N = 5..300 one per run, AAQM 400/800/1600 sessions', () => {
    const axis = (id: string, i = 0): unknown => {
      const s = read(`${id}.json`);
      return isRecord(s) && Array.isArray(s.axes) ? s.axes[i] : undefined;
    };
    expect(axis('lred-fig4')).toEqual({ path: 'groups[*].count', range: { from: 20, to: 200, count: 10 } });
    const msc = read('msc-fig3.json');
    expect(isRecord(msc) && msc.zip).toBe(true); // the ramp's events follow the group: one N per run
    expect(axis('msc-fig3', 0)).toEqual({ path: 'groups[0].count', values: [5, 10, 20, 50, 100, 150, 200, 250, 300] });
    expect(axis('msc-fig3', 1)).toEqual({ path: 'events[*].count', values: [5, 10, 20, 50, 100, 150, 200, 250, 300] });
    expect(axis('aaqm-fig16')).toEqual({ path: 'groups[0].count', values: [400, 800, 1600] });
    const aaqm = read('aaqm-fig16.json');
    expect(isRecord(aaqm) && aaqm.seeds).toBe(10);
  });
});
