import { describe, expect, it } from 'vitest';
import { readSideInfo } from '../../web/src/scenario/side-info';

const table = JSON.stringify([{ name: 'red', params: [{ name: 'max_p', default: 0.1 }, { name: 'min_th', default: 5 }] }]);

describe('readSideInfo', () => {
  it('overlays the scenario parameters on the discipline defaults', () => {
    const scenario = JSON.stringify({
      groups: [{ kind: 'tcp', count: 80 }],
      sides: [{ aqm: 'droptail' }, { name: 'RED', aqm: 'red', params: { max_p: 0.25 } }],
    });
    expect(readSideInfo(scenario, 1, table)).toEqual({
      side: 1,
      sideName: 'RED',
      aqm: 'red',
      flows: 80,
      params: { max_p: 0.25, min_th: 5 },
    });
    expect(readSideInfo(scenario, 0, table)).toEqual({ side: 0, sideName: 'droptail', aqm: 'droptail', flows: 80, params: {} });
  });

  it('names what is missing instead of throwing', () => {
    expect(readSideInfo('[]', 0, table)).toBe('scenario: not a JSON object');
    expect(readSideInfo('{"sides":[]}', 0, table)).toBe('sides[0]: missing or has no aqm');
    expect(readSideInfo('{"sides":[{"aqm":"red"}]}', 0, 'garbage')).toMatchObject({ flows: null, params: {} });
  });
});
