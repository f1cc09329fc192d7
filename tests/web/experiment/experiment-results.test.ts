import { describe, expect, it } from 'vitest';
import { readAqmTable, type AqmSpec } from '../../../web/src/aqm/aqm-table';
import { axisChoices } from '../../../web/src/experiment/axis-choices';
import { categoryTicks, censoredMarks, metricLines, metricPairs, reportCsv, reportedMetrics, runsAt } from '../../../web/src/experiment/results';
import type { MetricStats, ReportRow, SweepPlan } from '../../../web/src/experiment/sweep-core';
import { fakeDescribeAqms } from '../support/fake-aqms';

const stats = (mean: number | null, n = 3): MetricStats => ({ n, mean, sd: mean === null ? null : 1, ciLow: mean === null ? null : mean - 2, ciHigh: mean === null ? null : mean + 2 });

const plan: SweepPlan = {
  count: 4,
  axes: [
    { path: 'groups[0].count', values: [10, 20] },
    { path: 'bottleneck.buffer_pkts', values: [50, 100] },
  ],
  sides: ['RED', 'PI'],
  metrics: ['mean_queue_pkts', 'queue_sd_pkts'],
  seedCount: 2,
  runs: [
    { index: 0, point: { 'groups[0].count': 10, 'bottleneck.buffer_pkts': 50 }, seed: 1 },
    { index: 1, point: { 'groups[0].count': 10, 'bottleneck.buffer_pkts': 50 }, seed: 2 },
    { index: 2, point: { 'groups[0].count': 20, 'bottleneck.buffer_pkts': 100 }, seed: 1 },
    { index: 3, point: { 'groups[0].count': 20, 'bottleneck.buffer_pkts': 100 }, seed: 2 },
  ],
};

const row = (n: number, buffer: number, side: string, q: number | null, sd: number): ReportRow => ({
  point: { 'groups[0].count': n, 'bottleneck.buffer_pkts': buffer },
  side,
  runs: 3,
  failed: 0,
  metrics: { mean_queue_pkts: stats(q, q === null ? 0 : 3), queue_sd_pkts: stats(sd) },
});

// Given out of axis order, as a report may be.
const rows: ReportRow[] = [row(20, 100, 'RED', 40, 4), row(10, 50, 'RED', 20, 2), row(10, 50, 'PI', 30, 3), row(20, 100, 'PI', null, 5)];

describe('the report as plots', () => {
  it('draws a line per side in axis order, leaving out points without a mean (zipped axes)', () => {
    const lines = metricLines(plan, rows, 'mean_queue_pkts', true);
    expect(lines.map((l) => [l.label, l.side, l.points.map((p) => [p.x, p.stats.mean])])).toEqual([
      ['RED', 0, [[10, 20], [20, 40]]],
      ['PI', 1, [[10, 30]]],
    ]);
  });

  it('draws a line per side and second-axis value on a grid', () => {
    const labels = metricLines(plan, rows, 'mean_queue_pkts', false).map((l) => l.label);
    expect(labels).toEqual(['RED, bottleneck.buffer_pkts = 100', 'RED, bottleneck.buffer_pkts = 50', 'PI, bottleneck.buffer_pkts = 50']);
  });

  it('places the values of an axis of strings by their position, with them as tick labels', () => {
    const named: SweepPlan = { ...plan, axes: [{ path: 'groups[0].variant', values: ['reno', 'newreno'] }] };
    const at = (variant: string, q: number): ReportRow => ({ point: { 'groups[0].variant': variant }, side: 'RED', runs: 3, failed: 0, metrics: { mean_queue_pkts: stats(q) } });
    const lines = metricLines(named, [at('newreno', 7), at('reno', 5)], 'mean_queue_pkts', true);
    expect(lines[0]?.points.map((p) => [p.x, p.stats.mean])).toEqual([[0, 5], [1, 7]]);
    expect(categoryTicks(named)).toEqual([{ value: 0, label: 'reno' }, { value: 1, label: 'newreno' }]);
    expect(categoryTicks(plan)).toBeNull();
  });

  it('pairs two metrics per point and side', () => {
    const pairs = metricPairs(plan, rows, 'mean_queue_pkts', 'queue_sd_pkts');
    expect(pairs.map((p) => [p.row.side, p.x.mean, p.y.mean])).toEqual([
      ['RED', 40, 4],
      ['RED', 20, 2],
      ['PI', 30, 3],
    ]);
  });

  it("finds a point's runs, one per seed", () => {
    expect(runsAt(plan, { 'groups[0].count': 20, 'bottleneck.buffer_pkts': 100 }).map((r) => [r.index, r.seed])).toEqual([
      [2, 1],
      [3, 2],
    ]);
  });
});

describe('runs without a value', () => {
  it('are marked at their point as runs less failed less the metric\'s count, as the command line counts them', () => {
    const partly: ReportRow = { ...row(10, 50, 'PI', 30, 3), runs: 5, failed: 1 };  // 3 with a value, 1 failed: 1 censored
    const marks = censoredMarks(plan, [...rows, partly], 'mean_queue_pkts', true);
    expect(marks).toEqual([
      { x: 20, side: 1, label: 'PI', censored: 3, finished: 3 },
      { x: 10, side: 1, label: 'PI', censored: 1, finished: 4 },
    ]);
    expect(censoredMarks(plan, rows, 'queue_sd_pkts', true)).toEqual([]);
  });

  it('are drawn on the line of their second-axis value on a grid', () => {
    expect(censoredMarks(plan, rows, 'mean_queue_pkts', false).map((m) => m.label)).toEqual(['PI, bottleneck.buffer_pkts = 100']);
  });
});

describe('the metrics with statistics', () => {
  it("are the report's names (flattened summary keys), in its order", () => {
    const flattened: ReportRow = { point: {}, side: 'RED', runs: 3, failed: 0, metrics: { 'short_flows.mean_s': stats(1), mean_queue_pkts: stats(2) } };
    expect(reportedMetrics([...rows, flattened])).toEqual(['mean_queue_pkts', 'queue_sd_pkts', 'short_flows.mean_s']);
  });
});

describe('the CSV export', () => {
  it('has the axes, the side and every statistic of every metric, an empty cell for no value', () => {
    const csv = reportCsv({ ...plan, sides: ['=RED'] }, [{ ...row(10, 50, '=RED', null, 2) }]);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe(
      'groups[0].count,bottleneck.buffer_pkts,side,mean_queue_pkts.mean,mean_queue_pkts.sd,mean_queue_pkts.ci_low,mean_queue_pkts.ci_high,mean_queue_pkts.n,' +
        'queue_sd_pkts.mean,queue_sd_pkts.sd,queue_sd_pkts.ci_low,queue_sd_pkts.ci_high,queue_sd_pkts.n',
    );
    expect(line).toBe("10,50,'=RED,,,,,0,2,1,0,4,3");
    expect(end).toBe('');
  });
});

describe('axis choices', () => {
  const aqms = readAqmTable(JSON.parse(fakeDescribeAqms)) as AqmSpec[];
  const scenario = {
    version: 1,
    seed: 4,
    duration_s: 100,
    bottleneck: { capacity_mbps: 10, buffer_pkts: 200 },
    groups: [{ kind: 'tcp', count: 20, rtt_ms: { min: 30, max: 30 } }, { kind: 'tcp', count: 20, rtt_ms: { min: 110, max: 110 } }],
    sides: [{ name: 'RED a', aqm: 'red', params: { max_p: 0.2 } }, { name: 'RED b', aqm: 'red' }],
  };
  const choices = axisChoices(scenario, aqms);
  const byPath = new Map(choices.map((c) => [c.path, c]));

  it("offers the scenario's numeric fields and a shared field for every group, not the seed or version", () => {
    expect(byPath.get('groups[*].count')).toMatchObject({ label: 'groups[*].count (all 2)', current: 20 });
    expect(byPath.get('groups[1].rtt_ms.min')?.current).toBe(110);
    expect(byPath.get('bottleneck.buffer_pkts')?.current).toBe(200);
    expect(byPath.has('seed')).toBe(false);
    expect(byPath.has('version')).toBe(false);
  });

  it("offers every side's discipline parameters with the table's range and the effective value, no toggles", () => {
    expect(byPath.get('sides[0].params.max_p')).toMatchObject({ label: 'RED a: Maximum probability', current: 0.2, range: [0, 1] });
    expect(byPath.get('sides[1].params.min_th')?.current).toBe(50); // a quarter of the 200-packet buffer
    expect(byPath.get('sides[*].params.wq')).toMatchObject({ group: 'Disciplines', range: [1e-6, 1] });
    expect(byPath.has('sides[0].params.gentle')).toBe(false);
  });
});
