import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GroupTable, groupName } from '../../../web/src/app/summary/GroupTable';
import { summaryCsv } from '../../../web/src/app/summary/summary-export';
import { readRunSummary } from '../../../web/src/summary/run-summary';
import { readSenderTable } from '../../../web/src/aqm/sender-table';
import { formatValue } from '../../../web/src/lib/format';
import { nodeCore, nodeCoreBuilt, runSide } from '../support/node-core';

// Each sender's figures (the core's `groups`), from a run of the Node core to
// the page's per-sender table and summary CSV.

const scenario = JSON.stringify({
  version: 1,
  seed: 3,
  duration_s: 15,
  warmup_s: 5,
  bottleneck: { capacity_mbps: 10, delay_ms: 5, buffer_pkts: 100, packet_bytes: 1000 },
  groups: [
    { kind: 'tcp', count: 2, variant: 'cubic', rtt_ms: { min: 30, max: 30 } },
    { kind: 'tcp', count: 2, rtt_ms: { min: 60, max: 60 } },
  ],
  sides: [{ name: 'FIFO', aqm: 'droptail', params: {} }],
});

describe.runIf(nodeCoreBuilt)("the senders' figures, from the core's summary to the page", () => {
  it('reads each group, shows it named by its sender and exports it', async () => {
    const core = await nodeCore();
    if (!core.describeSenders) throw new Error('this core has no describeSenders');
    const senders = readSenderTable(JSON.parse(core.describeSenders()));
    if (typeof senders === 'string') throw new Error(senders);
    const { summary: raw } = runSide(core, scenario, 0);
    const read = readRunSummary(raw);
    if (typeof read === 'string') throw new Error(read);
    const [cubic, reno] = read.groups;
    if (!cubic || !reno) throw new Error('two groups expected');
    expect([cubic.sender, reno.sender]).toEqual(['cubic', 'newreno']);
    // The two groups carry the link's data; each round trip is at least its 30 or 60 ms of propagation.
    expect((cubic.share ?? 0) + (reno.share ?? 0)).toBeCloseTo(1, 6);
    expect(cubic.baseRttMs).toBeCloseTo(30, 6);
    expect(reno.baseRttMs).toBeCloseTo(60, 6);
    expect(cubic.rttMs ?? 0).toBeGreaterThan(30);
    expect(read.groupThroughputRatio).toBeCloseTo(Math.max(cubic.throughputMbps ?? 0, reno.throughputMbps ?? 0) / Math.min(cubic.throughputMbps ?? 0, reno.throughputMbps ?? 0), 9);

    expect(groupName(cubic, senders)).toBe('CUBIC · group 1 · 2 flows');
    const html = renderToStaticMarkup(createElement(GroupTable, { names: ['FIFO'], spans: [read], senders }));
    expect(html).toContain('data-testid="group-row-0-1"');
    expect(html).toContain('<td>NewReno · group 2 · 2 flows</td>');
    expect(html).toContain(`data-figure="rttMs">${formatValue(reno.rttMs ?? Number.NaN)}<`);
    // One group alone has nothing to compare: no table.
    expect(renderToStaticMarkup(createElement(GroupTable, { names: ['FIFO'], spans: [{ ...read, groups: [cubic] }], senders }))).toBe('');

    const csv = summaryCsv([{ side: 'FIFO', aqm: 'droptail', summary: read }]).split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    const cell = (name: string) => csv[1]?.split(',')[header.indexOf(name)];
    expect(cell('group.1.sender')).toBe('newreno');
    expect(Number(cell('group.0.rtt_ms'))).toBe(cubic.rttMs);
    expect(Number(cell('group_throughput_ratio'))).toBe(read.groupThroughputRatio);
  });
});
