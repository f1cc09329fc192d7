import { describe, expect, it } from 'vitest';
import { metrics } from '../../../web/src/charts/metrics';
import { queueColumns, summaryColumns } from '../../../web/src/summary/summary-columns';
import { classColumns } from '../../../web/src/app/summary/ClassTable';
import { groupColumns } from '../../../web/src/app/summary/GroupTable';

// Every time-series chart says, in one line under its title, what it shows
// and what to look for, with its unit in the title and which way is better;
// the direction agrees with the summary table's column for the same quantity,
// as the per-class table's does.

const units: Record<string, string> = { queue: '(packets)', delay: '(ms)', jitter: '(ms)', throughput: '(Mb/s)', utilisation: '(% of capacity)', p: '(0 to 1)', cwnd: '(segments)', pacing: '(Mb/s)' };
/** The summary's column for the quantity each chart draws over time. */
const summaryFigure: Record<string, string | null> = { queue: 'meanQueuePkts', delay: 'meanDelayMs', jitter: 'jitterMs', throughput: 'goodputMbps', utilisation: 'utilisation', p: null, cwnd: null, pacing: null };

describe("the charts' one-line notes", () => {
  it.each(Object.values(metrics))('$id: unit in the title, one sentence or two on one line', (metric) => {
    expect(metric.title.endsWith(units[metric.id] ?? '?'), metric.title).toBe(true);
    expect(metric.note).not.toMatch(/\n/);
    expect(metric.note).toMatch(/^[A-Z].*\.$/);
    expect(metric.note.length).toBeLessThanOrEqual(130);
  });

  it.each(Object.values(metrics))('$id: says which way is better as the summary table does', (metric) => {
    const figure = summaryFigure[metric.id];
    const column = [...summaryColumns, ...queueColumns].find((c) => c.figure === figure);
    expect(metric.better).toBe(column ? column.better : null);
  });

  it("the per-sender table's columns say which way is better as the summary table does", () => {
    const shared = groupColumns.filter((c) => [...summaryColumns, ...queueColumns].some((s) => s.figure === c.key));
    expect(shared.map((c) => c.key)).toEqual(['goodputMbps', 'lossRatio', 'markRatio']);
    for (const c of shared) expect(c.better, c.key).toBe([...summaryColumns, ...queueColumns].find((s) => s.figure === c.key)?.better);
  });

  it("the per-class table's columns say which way is better as the summary table does", () => {
    const shared = classColumns.filter((c) => [...summaryColumns, ...queueColumns].some((s) => s.figure === c.key));
    expect(shared.length).toBeGreaterThanOrEqual(5);
    for (const c of shared) expect(c.better, c.key).toBe([...summaryColumns, ...queueColumns].find((s) => s.figure === c.key)?.better);
  });
});
