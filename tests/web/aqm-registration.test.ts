import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { readAqmSpec, readAqmTable, type AqmSpec } from '../../web/src/aqm/aqm-table';
import { thresholdsFor } from '../../web/src/aqm/levels';
import { parseJson } from '../../web/src/lib/json';
import { nodeCore, nodeCoreBuilt } from './node-core';

// Every discipline the core registers has what the page asks of it, from
// the catalogue alone (aqm/README.md's guide): a law that KaTeX typesets,
// whose variables name the discipline's real parameters, inner signals or
// the run's columns; an idea and a paper; and chart levels that are its
// parameters, in the unit of their chart.

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

describe('a catalogue entry the page reads', () => {
  it('takes a new discipline’s law and levels, and refuses a malformed one by name', () => {
    const toy = {
      name: 'toy',
      label: 'Toy',
      source: 'a test',
      summary: 'Drops above a level.',
      params: [{ name: 'level', label: 'Level', unit: 'pkts', kind: 'real', default: 40, min: 0, max: 1000, step: 1, help: 'The level.' }],
      signals: [],
      law: { tex: String.raw`p = [q > L]`, idea: 'x'.repeat(120), paper: 'a test', variables: [{ tex: 'L', source: 'param', name: 'level' }] },
      levels: [{ param: 'level', chart: 'queue', label: 'level', scale: 1, when_on: '' }],
    };
    const spec = readAqmSpec(toy);
    expect(spec && problems(spec)).toEqual([]);
    expect(spec && thresholdsFor(spec.levels, { level: 40 }, 'queue')).toEqual([{ label: 'level', value: 40 }]);
    expect(readAqmTable([{ ...toy, levels: [{ param: 'level', chart: 'sideways', label: 'x', scale: 1, when_on: '' }] }])).toBe(
      'describeAqms[0] (toy): not a discipline description the page can read',
    );
  });
});
