import { describe, expect, it } from 'vitest';
import { effectiveParams, readAqmTable, resolveDefault, type AqmParamSpec } from '../../../web/src/aqm/aqm-table';
import { fakeDescribeAqms } from '../support/fake-aqms';

const threshold: AqmParamSpec = {
  name: 'min_th',
  label: 'Minimum threshold',
  unit: 'pkts',
  kind: 'real',
  default: 5,
  min: 0,
  max: 100,
  step: 1,
  help: '',
  default_buffer_fraction: 0.25,
};

describe('the discipline table', () => {
  it('reads every entry of a describeAqms answer, in order', () => {
    const table = readAqmTable(JSON.parse(fakeDescribeAqms));
    if (typeof table === 'string') throw new Error(table);
    expect(table.map((a) => a.name)).toEqual(['droptail', 'red', 'gizmo']);
    expect(table[1]?.params.map((p) => p.kind)).toEqual(['real', 'real', 'real', 'real', 'toggle']);
  });

  it('names a malformed entry instead of dropping it silently', () => {
    expect(readAqmTable({})).toBe('describeAqms: not a JSON array');
    const broken = [{ name: 'odd', label: 'Odd', source: '', summary: '', params: [{ name: 'x', kind: 'enum' }], signals: [] }];
    expect(readAqmTable(broken)).toBe('describeAqms[0] (odd): not a discipline description the page can read');
  });

  it("resolves buffer-relative defaults as the core does: fraction, rounding for integers, clamping", () => {
    expect(resolveDefault(threshold, 200)).toBe(50);
    expect(resolveDefault(threshold, 1000)).toBe(100); // clamped to max
    expect(resolveDefault(threshold, null)).toBe(5); // no buffer known: the plain default
    expect(resolveDefault({ ...threshold, kind: 'integer', default_buffer_fraction: 0.3333 }, 90)).toBe(30);
    const { default_buffer_fraction: _, ...plain } = threshold;
    expect(resolveDefault(plain, 200)).toBe(5);
  });

  it('overlays scenario values on the resolved defaults, and only for parameters of the discipline', () => {
    const table = readAqmTable(JSON.parse(fakeDescribeAqms));
    if (typeof table === 'string') throw new Error(table);
    const red = table[1];
    if (!red) throw new Error('no red');
    expect(effectiveParams(red, 200, { max_p: 0.3, bogus: 1 })).toEqual({
      wq: 0.002,
      min_th: 50,
      max_th: 150,
      max_p: 0.3,
      gentle: 1,
    });
  });
});
