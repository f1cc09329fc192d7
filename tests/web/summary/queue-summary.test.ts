import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueueTable } from '../../../web/src/app/summary/QueueTable';
import { formatValue } from '../../../web/src/lib/format';
import { summaryCsv } from '../../../web/src/app/summary/summary-export';
import { readRunSummary } from '../../../web/src/summary/run-summary';
import { nodeCore, nodeCoreBuilt, runSide } from '../support/node-core';

// The page reads each queue of a discipline with several from the core's
// summary (`queues`, computed in the core), shows them in the per-queue
// table and exports them; a discipline with one queue has none.

const scenario = (aqm: string) =>
  JSON.stringify({
    version: 1,
    seed: 2,
    duration_s: 12,
    warmup_s: 4,
    bottleneck: { capacity_mbps: 20, delay_ms: 5, buffer_pkts: 1000, packet_bytes: 1500, ecn: true },
    groups: [
      { kind: 'tcp', class: 'prague', count: 1, variant: 'prague', ecn: true, rtt_ms: { min: 20, max: 20 } },
      { kind: 'tcp', class: 'cubic', count: 1, variant: 'cubic', ecn: true, rtt_ms: { min: 20, max: 20 } },
    ],
    sides: [{ name: aqm, aqm, params: {} }],
  });

describe.runIf(nodeCoreBuilt)("a dual queue's figures, from the core's summary to the page", () => {
  it('reads, shows and exports the L and Classic queues of a DualPI2 run, and none for PIE', async () => {
    const core = await nodeCore();
    const { summary: raw } = runSide(core, scenario('dualpi2'), 0);
    const read = readRunSummary(raw);
    if (typeof read === 'string') throw new Error(read);
    const queues = raw.queues as { name: string; mean_delay_ms: number; p99_delay_ms: number; throughput_mbps: number }[];
    expect(read.queues).toEqual(
      queues.map((q) => ({ name: q.name, label: q.name === 'l' ? 'L queue' : 'Classic queue', meanDelayMs: q.mean_delay_ms, p99DelayMs: q.p99_delay_ms, throughputMbps: q.throughput_mbps })),
    );
    const [l, c] = read.queues;
    if (!l || !c) throw new Error('two queues expected');
    // The core's figures are a real split of the link: the two queues carry its throughput, the L queue the shorter wait.
    expect((l.throughputMbps ?? 0) + (c.throughputMbps ?? 0)).toBeCloseTo(raw.throughput_mbps as number, 3);
    expect(l.meanDelayMs ?? Infinity).toBeLessThan(c.meanDelayMs ?? 0);

    const html = renderToStaticMarkup(createElement(QueueTable, { names: ['DualPI2'], spans: [read] }));
    expect(html).toContain('data-testid="queue-row-0-l"');
    expect(html).toContain('<td>Classic queue</td>');
    expect(html).toContain(`data-figure="p99DelayMs">${formatValue(c.p99DelayMs ?? Number.NaN)}<`);

    const csv = summaryCsv([{ side: 'DualPI2', aqm: 'dualpi2', summary: read }]).split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    expect(header.filter((h) => h.startsWith('queue.'))).toEqual(['queue.l.mean_delay_ms', 'queue.l.p99_delay_ms', 'queue.l.throughput_mbps', 'queue.c.mean_delay_ms', 'queue.c.p99_delay_ms', 'queue.c.throughput_mbps']);
    expect(Number(csv[1]?.split(',')[header.indexOf('queue.c.throughput_mbps')])).toBe(c.throughputMbps);

    const pie = readRunSummary(runSide(core, scenario('pie'), 0).summary);
    if (typeof pie === 'string') throw new Error(pie);
    expect(pie.queues).toEqual([]);
    expect(renderToStaticMarkup(createElement(QueueTable, { names: ['PIE'], spans: [pie] }))).toBe('');
    expect(summaryCsv([{ side: 'PIE', aqm: 'pie', summary: pie }])).not.toContain('queue.');
  });
});
