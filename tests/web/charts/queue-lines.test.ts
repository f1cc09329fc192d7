import { describe, expect, it } from 'vitest';
import { readAqmTable } from '../../../web/src/aqm/aqm-table';
import { linesFor, metrics } from '../../../web/src/charts/metrics';
import { nodeCore, nodeCoreBuilt } from '../support/node-core';

// A discipline with several queues draws each on the queue, delay and
// throughput charts: the catalogue names its queues, the run has a column
// per queue and figure ("queue.<name>.<column>", the core's queue table).

const queues = [
  { name: 'l', label: 'L queue' },
  { name: 'c', label: 'Classic queue' },
];
const perQueue = ['queue_pkts', 'delay_ms', 'throughput_mbps'];
const columns = ['t', 'queue_pkts', 'delay_ms', 'throughput_mbps', 'p', 'aqm.base_p', ...queues.flatMap((q) => perQueue.map((c) => `queue.${q.name}.${c}`))];

describe('per-queue lines', () => {
  it("adds a line per queue to the queue, delay and throughput charts, in the side's second shade, the first solid", () => {
    expect(linesFor(metrics.delay, columns, queues)).toEqual([
      { column: 'delay_ms', dashed: false, shade: 'side', suffix: '' },
      { column: 'queue.l.delay_ms', dashed: false, shade: 'signal', suffix: ' L queue delay' },
      { column: 'queue.c.delay_ms', dashed: true, shade: 'signal', suffix: ' Classic queue delay' },
    ]);
    expect(linesFor(metrics.queue, columns, queues).map((l) => [l.column, l.suffix])).toEqual([
      ['queue_pkts', ''],
      ['queue.l.queue_pkts', ' L queue length'],
      ['queue.c.queue_pkts', ' Classic queue length'],
    ]);
    expect(linesFor(metrics.throughput, columns, queues).map((l) => l.column)).toEqual(['throughput_mbps', 'queue.l.throughput_mbps', 'queue.c.throughput_mbps']);
    // Other charts, and a discipline with one queue, keep their lines.
    expect(linesFor(metrics.p, columns, queues).map((l) => l.column)).toEqual(['p']);
    expect(linesFor(metrics.delay, columns)).toEqual([{ column: 'delay_ms', dashed: false, shade: 'side', suffix: '' }]);
  });

  it('skips a queue line whose column the run does not have', () => {
    expect(linesFor(metrics.delay, ['t', 'delay_ms', 'queue.c.delay_ms'], queues).map((l) => l.column)).toEqual(['delay_ms', 'queue.c.delay_ms']);
  });
});

describe.skipIf(!nodeCoreBuilt)("the core's per-queue columns", () => {
  it("are named for DualPI2's L and Classic queues, and only for a discipline with several", async () => {
    const core = await nodeCore();
    const table = readAqmTable(JSON.parse(core.describeAqms()));
    if (typeof table === 'string') throw new Error(table);
    expect(table.find((a) => a.name === 'dualpi2')?.queues).toEqual(queues);
    expect(table.filter((a) => a.queues.length > 0).map((a) => a.name)).toEqual(['dualpi2']);
    const base = JSON.parse(core.defaultScenario()) as Record<string, unknown>;
    const columnsOf = (aqm: string): string[] => {
      const sim = new core.Simulation(JSON.stringify({ ...base, sides: [{ name: aqm, aqm, params: {} }] }), 0);
      const names = JSON.parse(sim.columns()) as string[];
      sim.delete();
      return names;
    };
    expect(columnsOf('dualpi2').filter((n) => n.startsWith('queue.'))).toEqual(queues.flatMap((q) => perQueue.map((c) => `queue.${q.name}.${c}`)));
    expect(columnsOf('pie').filter((n) => n.startsWith('queue.'))).toEqual([]);
  });
});
