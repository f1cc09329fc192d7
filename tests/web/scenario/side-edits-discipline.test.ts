import { describe, expect, it } from 'vitest';
import type { AqmSpec } from '../../../web/src/aqm/aqm-table';
import { withDiscipline } from '../../../web/src/scenario/side-edits';

const gizmo: AqmSpec = { name: 'gizmo', label: 'Gizmo', source: '', summary: '', params: [], signals: [], law: null, levels: [], queues: [], explain: null };

const scenario = {
  seed: 7,
  groups: [{ kind: 'tcp', count: 50 }],
  sides: [
    { name: 'Drop-tail', aqm: 'droptail', params: {} },
    { name: 'RED', aqm: 'red', params: { max_p: 0.2 } },
  ],
  events: [
    { at_s: 5, kind: 'set_flows', group: 0, count: 90 },
    { at_s: 6, side: 1, kind: 'set_param', name: 'max_p', value: 0.3 },
    { at_s: 7, side: 0, kind: 'set_param', name: 'x', value: 1 },
  ],
};

describe('withDiscipline', () => {
  it("replaces only that side's entry and keeps traffic, seed and the other sides", () => {
    const next = withDiscipline(JSON.stringify(scenario), 1, gizmo);
    if (typeof next !== 'string') throw new Error(next.error);
    expect(JSON.parse(next)).toEqual({
      ...scenario,
      sides: [scenario.sides[0], { name: 'Gizmo', aqm: 'gizmo', params: {} }],
      // The old discipline's parameter events on that side go; traffic events stay.
      events: [scenario.events[0], scenario.events[2]],
    });
  });

  it('names what it cannot do', () => {
    expect(withDiscipline('[]', 0, gizmo)).toEqual({ error: 'scenario: not a JSON object' });
    expect(withDiscipline(JSON.stringify(scenario), 2, gizmo)).toEqual({ error: 'sides[2]: the scenario has no such side' });
  });
});
