import { describe, expect, it } from 'vitest';
import { readAqmSpec, readAqmTable, type AqmSpec } from '../../../web/src/aqm/aqm-table';
import { describeCurve } from '../../../web/src/theory/law-corners';
import { parseJson } from '../../../web/src/lib/json';
import { readLawSamples } from '../../../web/src/theory/theory-json';
import { nodeCore, nodeCoreBuilt } from '../support/node-core';

// Every registered discipline explains itself to a newcomer beside its
// parameters (the catalogue's `explain`): a few plain sentences, and a
// picture whose parts it names. A curve is sampled by the core's own law
// (lawCurve), and RED's samples are the spec's worked curve
// (../shared/spec/aqm-algorithms.md: min_th 5, max_th 15, max_p 0.1, gentle).

function problems(spec: AqmSpec): string[] {
  const x = spec.explain;
  if (!x) return [`${spec.name}: no explanation`];
  const out: string[] = [];
  const sentences = x.plain.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 0).length;
  if (x.plain.length < 80) out.push(`${spec.name}: an explanation of ${x.plain.length} characters`);
  if (sentences < 2 || sentences > 4) out.push(`${spec.name}: ${sentences} sentences`);
  if (x.picture === 'loop') {
    if (!x.measures) out.push(`${spec.name}: a loop measuring nothing`);
    if (!x.sets) out.push(`${spec.name}: a loop setting nothing`);
    if (!x.targetParam && !x.targetText) out.push(`${spec.name}: a loop without a target`);
    if (x.targetParam && !spec.params.some((p) => p.name === x.targetParam)) out.push(`${spec.name}: target ${x.targetParam} is no parameter`);
  }
  return out;
}

describe.runIf(nodeCoreBuilt)('every registered discipline, from the core’s catalogue', () => {
  it('has a plain explanation and a picture with the parts it needs', async () => {
    const table = readAqmTable(parseJson((await nodeCore()).describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    expect(table.length).toBeGreaterThanOrEqual(18);
    expect(table.flatMap(problems)).toEqual([]);
    expect(table.find((s) => s.name === 'red')?.explain?.picture).toBe('curve');
    expect(table.find((s) => s.name === 'pi')?.explain).toMatchObject({ picture: 'loop', measures: 'queue length', targetParam: 'qref' });
  });

  it('samples RED’s curve as the spec works it, gentle ramp included', async () => {
    const core = await nodeCore();
    if (!core.lawCurve) throw new Error('this core has no lawCurve (bash scripts/build-wasm.sh)');
    const text = core.lawCurve(JSON.stringify({ aqm: 'red', params: { min_th: 5, max_th: 15, max_p: 0.1, gentle: 1 }, buffer_pkts: 40, points: 80 }));
    const read = readLawSamples(text);
    if (!read.ok) throw new Error(read.error);
    const at = (q: number) => read.value.p[read.value.queue.indexOf(q)];
    expect(at(4)).toBe(0);
    expect(at(10)).toBeCloseTo(0.05, 12);
    expect(at(15)).toBeCloseTo(0.1, 12);
    expect(at(22.5)).toBeCloseTo(0.55, 12);
    expect(at(30)).toBeCloseTo(1, 12);
    expect(describeCurve(read.value, 40)).toBe(
      'Drop probability against queue length: 0 up to 5 packets, then 0.1 at 15 packets, then 1 at 30 packets; every arrival dropped when the buffer of 40 packets is full.',
    );
    const dropTail = readLawSamples(core.lawCurve(JSON.stringify({ aqm: 'droptail', params: {}, buffer_pkts: 100, points: 100 })));
    if (!dropTail.ok) throw new Error(dropTail.error);
    expect(describeCurve(dropTail.value, 100)).toBe('Drop probability against queue length: 0 below the buffer; every arrival dropped when the buffer of 100 packets is full.');
  });
});

describe('a catalogue entry’s explanation', () => {
  it('is refused by name when its loop lacks a part', () => {
    const base = { name: 'toy', label: 'Toy', source: 's', summary: 's', params: [], signals: [], law: null, levels: [] };
    expect(readAqmSpec({ ...base, explain: { plain: 'Drops. More.', picture: 'loop', measures: 'queue', target_param: '', target_text: 'x', sets: 'p' } })?.explain).toMatchObject({ measures: 'queue' });
    expect(readAqmSpec({ ...base, explain: { plain: 'Drops.', picture: 'loop', measures: 'queue' } })).toBeUndefined();
    expect(readAqmSpec({ ...base, explain: { plain: 'Drops.', picture: 'bar' } })).toBeUndefined();
  });
});
