import { describe, expect, it } from 'vitest';
import { boundCurves, flowAxisGroup } from '../../../web/src/theory/bound-curves';

// The experiment plot's analytic curves: which plots get them, and the
// core's bounds turned into points (a bound that does not exist is no point).

describe('response-time bound curves', () => {
  it('belong to an axis that sweeps a group’s flow count', () => {
    expect(flowAxisGroup('groups[0].count')).toBe(0);
    expect(flowAxisGroup('groups[3].count')).toBe(3);
    expect(flowAxisGroup('groups[*].count')).toBe(0);
    expect(flowAxisGroup('bottleneck.buffer_pkts')).toBeNull();
    expect(flowAxisGroup('groups[0].rtt_ms.min')).toBeNull();
  });

  it('keep the points where the core gives a bound', () => {
    const curves = boundCurves({ flows: [100, 200, 300], p0: [0.01, 0.04, 0.09], piS: [4, 9, null], remS: [null, null, null] });
    expect(curves).toEqual([{ label: 'PI lower bound (LRED paper)', points: [[100, 4], [200, 9]] }]);
  });
});
