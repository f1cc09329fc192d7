import { describe, expect, it } from 'vitest';
import { hasWindowChart, senderSettings, withGroupParams, withGroupSack, withWindowChart } from '../../../web/src/scenario/sender-settings';

// The scenario panel's senders, read from and written into the scenario:
// each long-lived TCP group's controller and parameters, and the window chart.

const scenario = JSON.stringify({
  seed: 4,
  groups: [
    { kind: 'tcp', count: 10, variant: 'cubic', variant_params: { beta: 0.8, hystart: 0 } },
    { kind: 'udp_cbr', count: 1, rate_mbps: 1 },
    { kind: 'tcp', count: 5, sack: true },
  ],
});

describe('sender settings', () => {
  it('lists every long-lived TCP group by its index, with its sender and parameters', () => {
    expect(senderSettings(scenario)).toEqual([
      { group: 0, variant: 'cubic', params: { beta: 0.8, hystart: 0 }, count: 10, sack: null },
      { group: 2, variant: null, params: {}, count: 5, sack: true },
    ]);
    expect(senderSettings('not json')).toEqual([]);
  });

  it("rewrites one group's parameters and nothing else", () => {
    const next = withGroupParams(scenario, 2, { g: 0.125 });
    if (typeof next !== 'string') throw new Error(next.error);
    const parsed = JSON.parse(next) as { seed: number; groups: unknown[] };
    expect(parsed.seed).toBe(4);
    expect(parsed.groups[2]).toEqual({ kind: 'tcp', count: 5, sack: true, variant_params: { g: 0.125 } });
    expect(parsed.groups[0]).toEqual(JSON.parse(scenario).groups[0]);
    // No parameters left: the field goes, the controller's defaults apply.
    const cleared = withGroupParams(scenario, 0, {});
    expect(typeof cleared === 'string' && JSON.parse(cleared).groups[0]).toEqual({ kind: 'tcp', count: 10, variant: 'cubic' });
    expect(withGroupParams(scenario, 7, {})).toEqual({ error: 'groups[7]: no such group' });
  });

  it("sets one group's SACK, keeping its sender and parameters", () => {
    const off = withGroupSack(scenario, 0, false);
    if (typeof off !== 'string') throw new Error(off.error);
    const parsed = JSON.parse(off) as { groups: unknown[] };
    expect(parsed.groups[0]).toEqual({ kind: 'tcp', count: 10, variant: 'cubic', variant_params: { beta: 0.8, hystart: 0 }, sack: false });
    expect(parsed.groups.slice(1)).toEqual(JSON.parse(scenario).groups.slice(1));
    expect(senderSettings(off).map((g) => g.sack)).toEqual([false, true]);
    expect(withGroupSack(scenario, 9, true)).toEqual({ error: 'groups[9]: no such group' });
  });

  it('turns the window chart on (the core picks the flows) and off, keeping flows a scenario names', () => {
    expect(hasWindowChart(scenario)).toBe(false);
    const on = withWindowChart(scenario, true);
    if (typeof on !== 'string') throw new Error(on.error);
    expect(JSON.parse(on).window_chart).toEqual({});
    expect(hasWindowChart(on)).toBe(true);
    const named = JSON.stringify({ ...JSON.parse(scenario), window_chart: { flows: [{ group: 2, flow: 3 }] } });
    const still = withWindowChart(named, true);
    expect(typeof still === 'string' && JSON.parse(still).window_chart).toEqual({ flows: [{ group: 2, flow: 3 }] });
    const off = withWindowChart(named, false);
    expect(typeof off === 'string' && 'window_chart' in JSON.parse(off)).toBe(false);
  });
});
