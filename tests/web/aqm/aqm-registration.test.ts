import katex from 'katex';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { panelLevels } from '../../../web/src/app/charts/MetricChart';
import { readAqmSpec, readAqmTable, type AqmSpec } from '../../../web/src/aqm/aqm-table';
import { thresholdsFor } from '../../../web/src/aqm/levels';
import { metrics } from '../../../web/src/charts/metrics';
import { SeriesStore } from '../../../web/src/charts/series-store';
import type { SideStatus } from '../../../web/src/lab/side-session';
import { parseJson } from '../../../web/src/lib/json';
import { LawPanel } from '../../../web/src/theory/LawPanel';
import { readAnalysis } from '../../../web/src/theory/theory-json';
import { nodeCore, nodeCoreBuilt } from '../support/node-core';

// Every discipline the core registers has what the page asks of it, from
// the catalogue alone (aqm/README.md's guide): a law that KaTeX typesets,
// whose variables name the discipline's real parameters, inner signals or
// the run's columns; an idea and a paper; and chart levels that are its
// parameters, in the unit of their chart. And what the theory panel gets
// from the core's models for each: a fluid trajectory or a note that the
// discipline has no fluid law, and a verdict (or "none") with its reason.

const columns = ['queue_pkts', 'p'];
const unitOf = { queue: ['pkts'], delay: ['ms', 's'] };

function problems(spec: AqmSpec): string[] {
  const out: string[] = [];
  const law = spec.law;
  if (!law) return [`${spec.name}: no law`];
  try {
    katex.renderToString(law.tex, { throwOnError: true, displayMode: true });
    for (const v of law.variables) katex.renderToString(v.tex, { throwOnError: true });
  } catch (e) {
    out.push(`${spec.name}: ${String(e)}`);
  }
  if (law.idea.length < 100) out.push(`${spec.name}: an idea of ${law.idea.length} characters`);
  // A setting is a variable of the law, never its default written into the TeX.
  for (const m of law.tex.matchAll(/\d\s*(\\[,;: ])?\s*\\(mathrm|text)\{(ms|s|pkts|%)\}/g)) out.push(`${spec.name}: a value in the law (${m[0]})`);
  if (!law.paper) out.push(`${spec.name}: no paper`);
  for (const { source } of law.variables) {
    const known =
      source.kind === 'param' ? spec.params.some((p) => p.name === source.name) : source.kind === 'signal' ? spec.signals.some((s) => s.name === source.name) : columns.includes(source.name);
    if (!known) out.push(`${spec.name}: ${source.kind} ${source.name}`);
  }
  for (const level of spec.levels) {
    const param = spec.params.find((p) => p.name === level.param);
    if (!param) {
      out.push(`${spec.name}: level ${level.param} is no parameter`);
      continue;
    }
    if (!unitOf[level.chart].includes(param.unit)) out.push(`${spec.name}: level ${level.param} in ${param.unit} on the ${level.chart} chart`);
    // seconds are drawn in ms, packets and ms as they are
    if (level.scale !== (param.unit === 's' ? 1000 : 1)) out.push(`${spec.name}: level ${level.param} scaled by ${level.scale}`);
    if (level.whenOn && spec.params.find((p) => p.name === level.whenOn)?.kind !== 'toggle') out.push(`${spec.name}: level ${level.param} gated by ${level.whenOn}, no toggle`);
  }
  return out;
}

describe.runIf(nodeCoreBuilt)('every registered discipline, from the core’s catalogue', () => {
  it('has a law, its variables and its chart levels as the theory panel and the charts ask', async () => {
    const table = readAqmTable(parseJson((await nodeCore()).describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    expect(table.length).toBeGreaterThanOrEqual(18);
    expect(table.flatMap(problems)).toEqual([]);
    // Every discipline that steers to a queue or a delay draws a level at its defaults.
    const defaults = (spec: AqmSpec) => Object.fromEntries(spec.params.map((p) => [p.name, p.default]));
    for (const spec of table) {
      const steers = spec.params.some((p) => ['qref', 'q0', 'min_th', 'target_ms'].includes(p.name));
      const drawn = thresholdsFor(spec.levels, defaults(spec), 'queue').length + thresholdsFor(spec.levels, defaults(spec), 'delay').length;
      expect(drawn > 0, spec.name).toBe(steers);
    }
  });
});

describe.runIf(nodeCoreBuilt)('every registered discipline, through the core’s models', () => {
  it('has a fluid trajectory or says it has no fluid law, and a verdict the stability panel words', async () => {
    const core = await nodeCore();
    const table = readAqmTable(parseJson(core.describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    const base: unknown = JSON.parse(core.defaultScenario());
    if (typeof base !== 'object' || base === null) throw new Error('defaultScenario: not an object');
    if (!core.analyzeScenario) throw new Error('the Node core has no analyzeScenario');
    const fluid: string[] = [];
    const problems: string[] = [];
    for (const spec of table) {
      const scenario = { ...base, sides: [{ name: spec.label, aqm: spec.name, params: {} }] };
      const read = readAnalysis(core.analyzeScenario(JSON.stringify(scenario), 0));
      if (!read.ok) {
        problems.push(`${spec.name}: ${read.error}`);
        continue;
      }
      const { value } = read;
      if (value.fluid) fluid.push(spec.name);
      else if (!value.notes.includes(`fluid: no fluid law for ${spec.name}`)) problems.push(`${spec.name}: no fluid trajectory and no note saying why`);
      if (value.stability.discipline !== spec.name) problems.push(`${spec.name}: a report of ${value.stability.discipline}`);
      if (value.stability.verdict !== 'none' && (value.stability.regionText === '' || value.stability.rule === '')) problems.push(`${spec.name}: a verdict without its rule or region`);
    }
    expect(problems).toEqual([]);
    // The disciplines the papers give a fluid law keep it.
    expect(fluid).toEqual(['droptail', 'red', 'lred', 'aopc', 'msc', 'ared', 'autored', 'pi', 'rem', 'pid', 'dualpi2']);
  });
});

describe('a catalogue entry the page reads', () => {
  it('takes a new discipline’s law and levels, and refuses a malformed one by name', () => {
    const toy = {
      name: 'toy',
      label: 'Toy',
      source: 'a test',
      summary: 'Drops above a level.',
      params: [{ name: 'level', label: 'Level', unit: 'pkts', kind: 'real', default: 40, min: 0, max: 1000, step: 1, help: 'The level.' }],
      signals: [],
      law: {
        tex: String.raw`p = \min\!\left(1, \left[\frac{q}{L} - 1\right]^+\right)`,
        idea: 'x'.repeat(120),
        paper: 'a test',
        variables: [
          { tex: 'q', source: 'column', name: 'queue_pkts' },
          { tex: 'L', source: 'param', name: 'level' },
          { tex: 'p', source: 'column', name: 'p' },
        ],
      },
      levels: [{ param: 'level', chart: 'queue', label: 'level', scale: 1, when_on: '' }],
    };
    const spec = readAqmSpec(toy);
    expect(spec && problems(spec)).toEqual([]);
    expect(spec && thresholdsFor(spec.levels, { level: 40 }, 'queue')).toEqual([{ label: 'level', value: 40 }]);
    if (!spec) throw new Error('the toy was refused');
    // The theory panel typesets its law and shows each variable's live value.
    const store = new SeriesStore(['t', 'queue_pkts', 'p']);
    store.append(new Float64Array([1, 55, 0.375]), 1);
    const card = renderToStaticMarkup(createElement(LawPanel, { law: spec.law, summary: spec.summary, params: { level: 40 }, store }));
    expect(card).toContain('class="katex"');
    expect(card.match(/<td>[^<]*<\/td>/g)).toEqual(['<td>55.0</td>', '<td>40.0</td>', '<td>0.375</td>']);
    expect(card).toContain('— a test');
    // The queue chart draws its level, the delay chart none.
    const status: SideStatus = {
      info: { side: 0, sideName: 'Toy', aqm: 'toy', flows: null, params: { level: 40 } },
      columns: [],
      scenario: null,
      aqms: [spec],
      senders: [],
      run: 1,
      restarting: false,
      playing: false,
      done: false,
      error: null,
      failed: false,
      applied: 0,
    };
    expect(panelLevels(metrics.queue, [status], [0], false).map(({ value, label }) => ({ value, label }))).toEqual([{ value: 40, label: 'level' }]);
    expect(panelLevels(metrics.delay, [status], [0], false)).toEqual([]);
    expect(readAqmTable([{ ...toy, levels: [{ param: 'level', chart: 'sideways', label: 'x', scale: 1, when_on: '' }] }])).toBe(
      'describeAqms[0] (toy): not a discipline description the page can read',
    );
  });
});
