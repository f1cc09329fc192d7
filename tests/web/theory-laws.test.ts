import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { readAqmTable } from '../../web/src/aqm/aqm-table';
import { laws } from '../../web/src/theory/laws';
import { nodeCore, nodeCoreBuilt } from './node-core';

// The laws the theory panel typesets: valid TeX, and every variable beside a
// law names a parameter or inner signal the core really has for that
// discipline (a typo would show a dash forever).

describe('the typeset laws', () => {
  it.each(Object.entries(laws))('%s typesets without a KaTeX error', (_, law) => {
    expect(() => katex.renderToString(law.tex, { throwOnError: true, displayMode: true })).not.toThrow();
    for (const v of law.variables) expect(() => katex.renderToString(v.tex, { throwOnError: true })).not.toThrow();
    expect(law.idea.length).toBeGreaterThan(100);
    expect(law.paper).not.toBe('');
  });

  it.runIf(nodeCoreBuilt)("names only the core's parameters and signals, and covers every discipline it registers", async () => {
    const table = readAqmTable(JSON.parse((await nodeCore()).describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    expect(table.map((a) => a.name).filter((name) => !(name in laws))).toEqual([]);
    const wrong: string[] = [];
    for (const spec of table) {
      for (const v of laws[spec.name]?.variables ?? []) {
        const { kind, name } = v.source;
        const known =
          kind === 'param' ? spec.params.some((p) => p.name === name) : kind === 'signal' ? spec.signals.some((s) => s.name === name) : ['queue_pkts', 'p'].includes(name);
        if (!known) wrong.push(`${spec.name}: ${kind} ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
