import { describe, expect, it } from 'vitest';
import { saveSummary, summaryCsv, summaryJson, type SummaryRow } from '../../../web/src/app/summary/summary-export';
import { noFigures, type ClassFigures, type GroupFigures, type RunSummary, type SpanSummary } from '../../../web/src/summary/run-summary';

// The summary's export: a CSV row per side and span (the run, then each
// window) with the core's figure names, class figures as columns, and JSON.

const tcp = (meanDelayMs: number): ClassFigures => ({ name: 'tcp', goodputMbps: 9, lossRatio: 0.01, meanDelayMs, p50DelayMs: 20, p95DelayMs: 40, p99DelayMs: 50, jitterMs: 0.3 });

function span(patch: Partial<SpanSummary>): SpanSummary {
  return { ...noFigures(), measuredS: 90, classes: [tcp(25)], queues: [], groups: [], ...patch };
}

function run(patch: Partial<SpanSummary>, windows: RunSummary['windows']): RunSummary {
  return { ...span(patch), windows };
}

const rows: SummaryRow[] = [
  {
    side: 'RED',
    aqm: 'red',
    summary: run({ meanQueuePkts: 61.5, fullFraction: 0.25 }, [
      { name: 'after', summary: { ...span({ measuredS: 50, meanQueuePkts: 80, settlingTimeS: 3.5, classes: [tcp(33)] }), fromS: 50, toS: 100 } },
    ]),
  },
  { side: '=cmd', aqm: 'pie', summary: run({ meanQueuePkts: 12 }, [{ name: 'after', summary: null }]) },
  { side: 'Starting', aqm: '', summary: null },
];

describe('summaryCsv', () => {
  const csv = summaryCsv(rows);
  const lines = csv.split('\r\n');
  const header = lines[0]?.split(',') ?? [];
  const cell = (line: number, name: string) => lines[line]?.split(',')[header.indexOf(name)];

  it('names its columns as the core does, with each class after', () => {
    expect(header.slice(0, 8)).toEqual(['side', 'aqm', 'window', 'from_s', 'to_s', 'measured_s', 'mean_queue_pkts', 'p95_queue_pkts']);
    expect(header).toContain('full_fraction');
    expect(header).toContain('settling_time_s');
    expect(header.slice(-7)).toEqual(['class.tcp.goodput_mbps', 'class.tcp.loss_ratio', 'class.tcp.delay.mean_ms', 'class.tcp.delay.p50_ms', 'class.tcp.delay.p95_ms', 'class.tcp.delay.p99_ms', 'class.tcp.delay.jitter_ms']);
  });

  it('has a row per side and span, empty where there is no figure', () => {
    expect(lines).toHaveLength(1 + 3 * 2 + 1); // header, 3 sides x (run, after), final CRLF
    expect(lines[1]?.startsWith('RED,red,,,,90,61.5,')).toBe(true);
    expect(cell(1, 'full_fraction')).toBe('0.25');
    expect(cell(1, 'class.tcp.delay.mean_ms')).toBe('25');
    expect(lines[2]?.startsWith('RED,red,after,50,100,50,80,')).toBe(true);
    expect(cell(2, 'settling_time_s')).toBe('3.5');
    expect(cell(2, 'class.tcp.delay.mean_ms')).toBe('33');
    expect(cell(3, 'side')).toBe("'=cmd"); // no formula reaches a spreadsheet
    expect(cell(4, 'window')).toBe('after');
    expect(cell(4, 'mean_queue_pkts')).toBe(''); // window not reached
    expect(cell(5, 'measured_s')).toBe('');
  });
});

describe("summaryCsv's senders", () => {
  const group = (index: number, sender: string, rttMs: number | null): GroupFigures => ({
    group: index, className: 'tcp', sender, sack: sender === 'cubic', flows: 3, goodputMbps: 4, throughputMbps: 4.1, share: 0.41, rttMs, baseRttMs: 40, lossRatio: 0.02, markRatio: 0,
  });
  const csv = summaryCsv([
    { side: 'FIFO', aqm: 'droptail', summary: run({ groupThroughputRatio: 1.5, groups: [group(0, 'cubic', 80), group(2, 'bbr', 60)] }, []) },
    { side: 'PIE', aqm: 'pie', summary: run({ groups: [group(2, 'bbr', null)] }, []) },
  ]);
  const lines = csv.split('\r\n');
  const header = lines[0]?.split(',') ?? [];
  const cell = (line: number, name: string) => lines[line]?.split(',')[header.indexOf(name)];

  it('has a column per group and figure, by the group index, its sender and SACK first, and the ratio among the figures', () => {
    expect(header).toContain('group_throughput_ratio');
    expect(header.slice(-18)).toEqual([
      'group.0.sender', 'group.0.sack', 'group.0.goodput_mbps', 'group.0.throughput_mbps', 'group.0.share', 'group.0.rtt_ms', 'group.0.base_rtt_ms', 'group.0.loss_ratio', 'group.0.mark_ratio',
      'group.2.sender', 'group.2.sack', 'group.2.goodput_mbps', 'group.2.throughput_mbps', 'group.2.share', 'group.2.rtt_ms', 'group.2.base_rtt_ms', 'group.2.loss_ratio', 'group.2.mark_ratio',
    ]);
    expect(cell(1, 'group_throughput_ratio')).toBe('1.5');
    expect(cell(1, 'group.0.sender')).toBe('cubic');
    expect(cell(1, 'group.0.sack')).toBe('true');
    expect(cell(1, 'group.2.sack')).toBe('false');
    expect(cell(2, 'group.0.sack')).toBe('');
    expect(cell(1, 'group.2.rtt_ms')).toBe('60');
    expect(cell(2, 'group.0.sender')).toBe(''); // PIE's run has no group 0
    expect(cell(2, 'group.2.rtt_ms')).toBe(''); // no sample yet
    expect(cell(2, 'group.2.share')).toBe('0.41');
  });
});

describe('summaryJson and saveSummary', () => {
  it('writes every side with its summary', async () => {
    const back: unknown = JSON.parse(summaryJson(rows));
    expect(back).toEqual({ sides: rows.map((r) => ({ side: r.side, aqm: r.aqm, summary: r.summary })) });
    const saved: { name: string; blob: Blob }[] = [];
    const target = { save: (name: string, blob: Blob) => saved.push({ name, blob }) };
    expect(saveSummary(rows, 'csv', target)).toBe('aqmlab-summary.csv');
    expect(saveSummary(rows, 'json', target)).toBe('aqmlab-summary.json');
    expect(await saved[0]?.blob.text()).toBe(summaryCsv(rows));
    expect(saved[1]?.blob.type).toBe('application/json');
  });
});
