import { describe, expect, it } from 'vitest';
import { runScenario } from '../../../web/src/experiment/run-scenario';

const base = {
  seed: 1,
  bottleneck: { capacity_mbps: 10, buffer_pkts: 200 },
  groups: [{ count: 100 }, { count: 100 }, { count: 100 }],
  sides: [{ aqm: 'lred', params: { q0: 100 } }, { aqm: 'pi' }],
};

describe("a sweep run's scenario", () => {
  it('writes each axis value at its path, every element for [*], and the seed', () => {
    const scenario = runScenario(base, { 'groups[*].count': 40, 'bottleneck.buffer_pkts': 50, 'sides[1].params.qref': 20 }, 7);
    expect(scenario).toEqual({
      seed: 7,
      bottleneck: { capacity_mbps: 10, buffer_pkts: 50 },
      groups: [{ count: 40 }, { count: 40 }, { count: 40 }],
      sides: [{ aqm: 'lred', params: { q0: 100 } }, { aqm: 'pi', params: { qref: 20 } }],
    });
    expect(base.groups[0]?.count).toBe(100); // the base is left as it was
  });

  it('says what is wrong with a path that cannot be followed', () => {
    expect(runScenario(base, { 'groups[5].count': 1 }, 1)).toBe('groups[5].count: index 5 is past the end (3 elements)');
    expect(runScenario(base, { 'bottleneck[0]': 1 }, 1)).toBe('bottleneck[0]: an index into something that is not an array');
    expect(runScenario(base, { 'groups..count': 1 }, 1)).toBe('groups..count: two separators in a row');
    expect(runScenario(base, { 'groups[0].': 1 }, 1)).toBe('groups[0].: not a field path');
    expect(runScenario(base, { 'a b': 1 }, 1)).toBe('a b: not a field path');
  });
});
