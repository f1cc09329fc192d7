import { describe, expect, it } from 'vitest';
import { noFigures, type RunSummary } from '../../../web/src/summary/run-summary';
import { formatValue } from '../../../web/src/lib/format';
import { bestMeaning, bestPerColumn, bestRows, queueColumns, shownColumns, summaryColumns } from '../../../web/src/summary/summary-columns';

function summary(patch: Partial<RunSummary>): RunSummary {
  return {
    ...noFigures(),
    classes: [],
    queues: [],
    groups: [],
    windows: [],
    measuredS: 20,
    meanQueuePkts: 100,
    p95QueuePkts: 150,
    meanDelayMs: 40,
    p95DelayMs: 60,
    jitterMs: 0.3,
    utilisation: 0.98,
    goodputMbps: 9.7,
    lossRatio: 0.02,
    markRatio: 0,
    signalRatio: 0.02,
    fairness: 0.8,
    responseTimeS: null,
    ...patch,
  };
}

describe('bestRows', () => {
  it('picks the lowest where lower is better and the highest where higher is', () => {
    expect([...bestRows([64.7, 24.9, 30], 'lower')]).toEqual([1]);
    expect([...bestRows([1, 0.984, 0.99], 'higher')]).toEqual([0]);
  });

  it('marks every row tied for best, within rounding noise', () => {
    expect([...bestRows([1, 1 - 1e-12, 0.9], 'higher')]).toEqual([0, 1]);
  });

  it('marks nothing when all values are equal or fewer than two are present', () => {
    expect(bestRows([0, 0, 0], 'lower').size).toBe(0);
    expect(bestRows([5, null, undefined], 'lower').size).toBe(0);
    expect(bestRows([], 'higher').size).toBe(0);
  });

  it('ignores missing and non-finite values', () => {
    expect([...bestRows([null, 3, Number.NaN, 2], 'lower')]).toEqual([3]);
  });
});

describe('bestPerColumn', () => {
  it('marks a best row in every column where the sides differ, six sides included', () => {
    const rows = [
      summary({ meanQueuePkts: 161, meanDelayMs: 64.7, utilisation: 1, lossRatio: 0.027, fairness: 0.81 }),
      summary({ meanQueuePkts: 61, meanDelayMs: 24.9, utilisation: 0.984, lossRatio: 0.032, fairness: 0.8 }),
      null, // a side still starting
      summary({ meanQueuePkts: 40, meanDelayMs: 30, utilisation: 0.95, lossRatio: 0.05, fairness: 0.9 }),
      summary({}),
      summary({ responseTimeS: 2.5 }),
    ];
    const best = bestPerColumn(rows);
    expect([...(best.get('meanQueuePkts') ?? [])]).toEqual([3]);
    expect([...(best.get('meanDelayMs') ?? [])]).toEqual([1]);
    expect([...(best.get('utilisation') ?? [])]).toEqual([0]);
    expect([...(best.get('lossRatio') ?? [])]).toEqual([4, 5]);
    expect([...(best.get('fairness') ?? [])]).toEqual([3]);
    expect(best.get('responseTimeS')?.size).toBe(0); // one side has a response time: nothing to compare
    expect(best.get('p95QueuePkts')?.size).toBe(0); // all the same
  });

  it('never crowns a side whose utilisation collapsed on a lower-is-better column', () => {
    // Side 1's link sat idle a third of the time: its tiny queue is no win.
    const rows = [
      summary({ meanQueuePkts: 120, meanDelayMs: 48, lossRatio: 0.03, utilisation: 0.99 }),
      summary({ meanQueuePkts: 2, meanDelayMs: 1, lossRatio: 0.001, utilisation: 0.6, goodputMbps: 5.9 }),
      summary({ meanQueuePkts: 30, meanDelayMs: 12, lossRatio: 0.04, utilisation: 0.97 }),
    ];
    const best = bestPerColumn(rows);
    expect([...(best.get('meanQueuePkts') ?? [])]).toEqual([2]);
    expect([...(best.get('meanDelayMs') ?? [])]).toEqual([2]);
    expect([...(best.get('lossRatio') ?? [])]).toEqual([0]);
    expect([...(best.get('utilisation') ?? [])]).toEqual([0]);
    expect(best.get('goodputMbps')?.has(1)).toBe(false);
  });

  it('explains every column and what its star means, in plain numbers', () => {
    for (const c of summaryColumns) {
      expect(c.help.length).toBeGreaterThan(20);
      expect(bestMeaning(c)).toMatch(c.better === 'lower' ? /lowest value among sides whose utilisation is at least 90%/ : /highest/);
    }
    expect(summaryColumns.find((c) => c.figure === 'fairness')?.help).toMatch(/Jain/);
    expect(summaryColumns.find((c) => c.figure === 'jitterMs')?.help).toMatch(/varies/);
    expect(summaryColumns.find((c) => c.figure === 'responseTimeS')?.help).toMatch(/Response time/);
    expect(formatValue(0.0000123)).toBe('0.0000123');
    expect(formatValue(-0.00042)).toBe('-0.000420');
    for (const v of [1e-9, 3.2e-7, 0.0004, 0.5, 12345.6]) expect(formatValue(v)).not.toMatch(/e/);
  });

  it('covers every column the table shows, with lower-is-better for costs and higher for benefits', () => {
    const direction = Object.fromEntries(summaryColumns.map((c) => [c.figure, c.better]));
    expect(direction).toEqual({
      meanQueuePkts: 'lower',
      p95QueuePkts: 'lower',
      meanDelayMs: 'lower',
      p95DelayMs: 'lower',
      jitterMs: 'lower',
      utilisation: 'higher',
      lossRatio: 'lower',
      markRatio: 'lower',
      signalRatio: 'lower',
      goodputMbps: 'higher',
      fairness: 'higher',
      groupThroughputRatio: 'lower',
      responseTimeS: 'lower',
    });
  });
});

describe('shownColumns', () => {
  const base = summary({});

  it('shows Marks and Signals only when some side marked packets', () => {
    const figures = (rows: (RunSummary | null)[]) => shownColumns(rows).map((c) => c.figure);
    expect(figures([base, null])).not.toContain('markRatio');
    expect(figures([base, null])).not.toContain('signalRatio');
    expect(figures([base, null])).toContain('lossRatio');
    const marked = figures([base, { ...base, markRatio: 0.15, signalRatio: 0.17 }]);
    expect(marked).toEqual(summaryColumns.filter((c) => !c.onlyWithGroups).map((c) => c.figure));
    expect(marked.indexOf('signalRatio')).toBe(marked.indexOf('lossRatio') + 2);
  });

  it("shows the senders' throughput ratio beside fairness only when some side has two senders to compare", () => {
    const figures = (rows: (RunSummary | null)[]) => shownColumns(rows).map((c) => c.figure);
    expect(figures([base, base])).not.toContain('groupThroughputRatio');
    const compared = figures([base, { ...base, groupThroughputRatio: 2.5 }]);
    expect(compared.indexOf('groupThroughputRatio')).toBe(compared.indexOf('fairness') + 1);
    // Closer to 1 is fairer: the lower ratio is the best.
    const best = bestPerColumn([summary({ groupThroughputRatio: 2.5 }), summary({ groupThroughputRatio: 1.2 })]);
    expect([...(best.get('groupThroughputRatio') ?? [])]).toEqual([1]);
  });

  it('shows the queue dynamics on request, the response over the run and the settling time over a window', () => {
    const figures = (set: 'main' | 'queue', scope: 'run' | 'window') => shownColumns([base], set, scope).map((c) => c.figure);
    expect(figures('main', 'run')).toContain('responseTimeS');
    expect(figures('main', 'window')).not.toContain('responseTimeS');
    expect(figures('queue', 'run')).toEqual(['queueSdPkts', 'queueMadPkts', 'maxQueuePkts', 'max1sMeanQueuePkts', 'fullFraction', 'emptyFraction', 'p99DelayMs']);
    expect(figures('queue', 'window')).toEqual([...figures('queue', 'run'), 'settlingTimeS']);
    for (const c of queueColumns) expect(c.help.length, c.figure).toBeGreaterThan(20);
  });

  it('marks the best of the queue dynamics too', () => {
    const best = bestPerColumn([summary({ queueSdPkts: 30, fullFraction: 0.2 }), summary({ queueSdPkts: 12, fullFraction: 0 })]);
    expect([...(best.get('queueSdPkts') ?? [])]).toEqual([1]);
    expect([...(best.get('fullFraction') ?? [])]).toEqual([1]);
  });
});
