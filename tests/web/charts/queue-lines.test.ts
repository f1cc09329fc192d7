import { describe, expect, it } from 'vitest';
import { readAqmTable } from '../../../web/src/aqm/aqm-table';
import { linesFor, metrics } from '../../../web/src/charts/metrics';
import { nodeCore, nodeCoreBuilt } from '../support/node-core';

// A discipline with several queues draws each on the queue and delay charts:
// its signals that name a chart become lines of their own there.

const signals = [
  { column: 'aqm.base_p', label: "Base probability p'" },
  { column: 'aqm.l_qdelay', label: 'L queue delay', chart: 'delay' },
  { column: 'aqm.c_qdelay', label: 'Classic queue delay', chart: 'delay' },
  { column: 'aqm.l_queue_pkts', label: 'L queue length', chart: 'queue' },
];

describe('per-queue lines', () => {
  it("adds a line per queue to the chart its signal names, in the side's second shade, the first solid", () => {
    const columns = ['t', 'queue_pkts', 'delay_ms', 'aqm.base_p', 'aqm.l_qdelay', 'aqm.c_qdelay', 'aqm.l_queue_pkts'];
    expect(linesFor(metrics.delay, columns, signals)).toEqual([
      { column: 'delay_ms', dashed: false, shade: 'side', suffix: '' },
      { column: 'aqm.l_qdelay', dashed: false, shade: 'signal', suffix: ' L queue delay' },
      { column: 'aqm.c_qdelay', dashed: true, shade: 'signal', suffix: ' Classic queue delay' },
    ]);
    expect(linesFor(metrics.queue, columns, signals).map((l) => l.column)).toEqual(['queue_pkts', 'aqm.l_queue_pkts']);
    // Other charts, and a discipline without such signals, keep their lines.
    expect(linesFor(metrics.p, [...columns, 'p'], signals).map((l) => l.column)).toEqual(['p']);
    expect(linesFor(metrics.delay, columns)).toEqual([{ column: 'delay_ms', dashed: false, shade: 'side', suffix: '' }]);
  });

  it('skips a queue line whose column the run does not have', () => {
    expect(linesFor(metrics.delay, ['t', 'delay_ms', 'aqm.c_qdelay'], signals).map((l) => l.column)).toEqual(['delay_ms', 'aqm.c_qdelay']);
  });
});

describe.skipIf(!nodeCoreBuilt)("the core's per-queue signals", () => {
  it("name the queue chart in packets and the delay chart in ms; DualPI2's L and Classic queues have both", async () => {
    const table = readAqmTable(JSON.parse((await nodeCore()).describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    for (const aqm of table) {
      for (const s of aqm.signals) {
        if (s.chart === 'queue') expect(s.unit, `${aqm.name}.${s.name}`).toBe('pkts');
        if (s.chart === 'delay') expect(s.unit, `${aqm.name}.${s.name}`).toBe('ms');
      }
    }
    const dualpi2 = table.find((a) => a.name === 'dualpi2');
    const charted = (chart: string) => dualpi2?.signals.filter((s) => s.chart === chart).map((s) => s.name);
    expect(charted('queue')).toEqual(['l_queue_pkts', 'c_queue_pkts']);
    expect(charted('delay')).toEqual(['l_qdelay', 'c_qdelay']);
  });
});
