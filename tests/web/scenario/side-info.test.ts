import { describe, expect, it } from 'vitest';
import { readAqmTable, type AqmSpec } from '../../../web/src/aqm/aqm-table';
import { readSideInfo } from '../../../web/src/scenario/side-info';
import { fakeDescribeAqms } from '../support/fake-aqms';

function table(): AqmSpec[] {
  const read = readAqmTable(JSON.parse(fakeDescribeAqms));
  if (typeof read === 'string') throw new Error(read);
  return read;
}

describe('readSideInfo', () => {
  it('overlays the scenario parameters on the defaults, resolved against the buffer', () => {
    const scenario = JSON.stringify({
      bottleneck: { buffer_pkts: 200 },
      groups: [{ kind: 'tcp', count: 80 }],
      sides: [{ aqm: 'droptail' }, { name: 'RED', aqm: 'red', params: { max_p: 0.25 } }],
    });
    expect(readSideInfo(scenario, 1, table())).toEqual({
      side: 1,
      sideName: 'RED',
      aqm: 'red',
      flows: 80,
      params: { wq: 0.002, min_th: 50, max_th: 150, max_p: 0.25, gentle: 1 },
    });
    expect(readSideInfo(scenario, 0, table())).toEqual({ side: 0, sideName: 'droptail', aqm: 'droptail', flows: 80, params: {} });
  });

  it("falls back to the core's buffer when the scenario leaves it out", () => {
    const scenario = JSON.stringify({ sides: [{ aqm: 'red' }] });
    expect(readSideInfo(scenario, 0, table(), 40)).toMatchObject({ params: { min_th: 10, max_th: 30 } });
    expect(readSideInfo(scenario, 0, table(), null)).toMatchObject({ params: { min_th: 5, max_th: 15 } });
  });

  it("resolves a side's defaults against its own buffer and reads its switch of discipline", () => {
    const scenario = JSON.stringify({
      bottleneck: { buffer_pkts: 200 },
      sides: [
        { aqm: 'red', buffer_pkts: 40 },
        { aqm: 'red', switch_to: { at_s: 11, aqm: 'autored', params: { base: 0 } } },
        { aqm: 'red', switch_to: { at_s: 11, aqm: 'autored', keep_state: false } },
      ],
    });
    expect(readSideInfo(scenario, 0, table())).toMatchObject({ bufferPkts: 40, params: { min_th: 10, max_th: 30 } });
    expect(readSideInfo(scenario, 0, table())).not.toHaveProperty('switchTo');
    const switching = readSideInfo(scenario, 1, table());
    expect(switching).toMatchObject({
      aqm: 'red',
      switchTo: { atS: 11, aqm: 'autored', keepState: true }, // the core's default
      params: { min_th: 50 },
    });
    expect(switching).not.toHaveProperty('bufferPkts');
    expect(readSideInfo(scenario, 2, table())).toMatchObject({ switchTo: { keepState: false } });
  });

  it('names what is missing instead of throwing', () => {
    expect(readSideInfo('[]', 0, table())).toBe('scenario: not a JSON object');
    expect(readSideInfo('{"sides":[]}', 0, table())).toBe('sides[0]: missing or has no aqm');
    expect(readSideInfo('{"sides":[{"aqm":"nosuch","params":{"x":1}}]}', 0, [])).toMatchObject({
      flows: null,
      params: { x: 1 },
    });
  });
});
