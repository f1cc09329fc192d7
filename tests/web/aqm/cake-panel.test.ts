import { describe, expect, it } from 'vitest';
import { effectiveParams, findAqm, readAqmTable } from '../../../web/src/aqm/aqm-table';
import { buildParamControls } from '../../../web/src/aqm/param-controls';
import { nodeCore, nodeCoreBuilt } from '../support/node-core';

// CAKE reaches the page through the core's catalogue alone: its menu entry,
// the parameter panel generated from its table (the shaper rate, COBALT's
// target and interval) and the flow-queue view its run records (active flow
// queues, the largest one's backlog), as the columns "aqm.<signal>".

describe.runIf(nodeCoreBuilt)('CAKE on the page, from the core', () => {
  it('is listed with a panel generated from its parameter table', async () => {
    const core = await nodeCore();
    const table = readAqmTable(JSON.parse(core.describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    const cake = findAqm(table, 'cake');
    if (!cake) throw new Error('no cake in describeAqms');
    expect(cake.label).toBe('CAKE');
    const controls = buildParamControls(cake, effectiveParams(cake, 200, { bandwidth_mbps: 8 }));
    expect(controls.map((c) => [c.name, c.unit, c.initial])).toEqual([
      ['bandwidth_mbps', 'Mb/s', 8],
      ['target_ms', 'ms', 5],
      ['interval_ms', 'ms', 100],
    ]);
    expect(controls[0]?.min).toBe(0);
    expect(cake.signals.map((s) => s.name)).toEqual(expect.arrayContaining(['active_flows', 'largest_flow_pkts']));
  });

  it('gives FQ-CoDel and FQ-PIE the same flow-queue view as CAKE', async () => {
    const core = await nodeCore();
    const table = readAqmTable(JSON.parse(core.describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    for (const name of ['fq_codel', 'fq_pie', 'cake']) {
      const signals = findAqm(table, name)?.signals.map((s) => s.name);
      expect(signals, name).toEqual(expect.arrayContaining(['active_flows', 'largest_flow_pkts']));
    }
  });

  it("records the flow-queue view: a flood's queue is the largest, and every flow's queue is counted", async () => {
    const core = await nodeCore();
    const scenario = {
      seed: 3,
      duration_s: 10,
      warmup_s: 2,
      bottleneck: { capacity_mbps: 10, buffer_pkts: 300, packet_bytes: 1500 },
      groups: [
        { kind: 'tcp', count: 3, class: 'tcp' },
        { kind: 'udp_cbr', rate_mbps: 12, class: 'udp' },
      ],
      sides: [{ name: 'CAKE', aqm: 'cake', params: {} }],
    };
    const sim = new core.Simulation(JSON.stringify(scenario), 0);
    try {
      expect(sim.error()).toBe('');
      const columns = JSON.parse(sim.columns()) as string[];
      expect(columns).toEqual(expect.arrayContaining(['aqm.active_flows', 'aqm.largest_flow_pkts']));
      const rows = sim.advance(10);
      const flat = sim.batch() as Float64Array;
      const column = (name: string) => Array.from({ length: rows }, (_, r) => flat[columns.indexOf(name) * rows + r]!);
      const late = (name: string) => column(name).filter((_, r) => column('t')[r]! > 5);
      const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
      const flows = late('aqm.active_flows');
      // Four flows: at most four queues at once, more than one on average
      // (the flood's nearly always).
      expect(Math.max(...flows)).toBeLessThanOrEqual(4);
      expect(mean(flows)).toBeGreaterThan(1);
      // The flood's queue, held near COBALT's 5 ms (about 1 packet of
      // 1500 B at its 2.5 Mb/s share), is the largest: more than a packet on
      // average, and never the whole buffer.
      const largest = late('aqm.largest_flow_pkts');
      expect(mean(largest)).toBeGreaterThan(1);
      expect(Math.max(...largest)).toBeLessThan(300);
    } finally {
      sim.delete();
    }
  });
});
