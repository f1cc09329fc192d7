import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../../../web/src/charts/series-store';
import { countUntil, meanSince } from '../../../web/src/charts/window-stats';

describe('meanSince', () => {
  it('averages the samples at or after a time, skipping NaN', () => {
    const store = new SeriesStore(['t', 'q'], 8);
    store.append(new Float64Array([1, 2, 3, 4, 10, 20, NaN, 40]), 4);
    expect(meanSince(store, 0, 1, 2)).toBe(30);
    expect(meanSince(store, 0, 1, 0)).toBeCloseTo(70 / 3);
    expect(Number.isNaN(meanSince(store, 0, 1, 5))).toBe(true);
    expect(Number.isNaN(meanSince(store, 0, -1, 0))).toBe(true);
  });

  it('leaves out the samples past a time the page shows, and says how many are up to it', () => {
    const store = new SeriesStore(['t', 'q'], 8);
    store.append(new Float64Array([1, 2, 3, 4, 10, 20, 30, 40]), 4);
    expect(meanSince(store, 0, 1, 2, 3)).toBe(25);
    expect(meanSince(store, 0, 1, 0, 2.5)).toBe(15);
    expect(countUntil(store, 0, 2.5)).toBe(2);
    expect(countUntil(store, 0, 3)).toBe(3);
    expect(countUntil(store, 0, 0.5)).toBe(0);
    expect(countUntil(store, 0, Infinity)).toBe(4);
  });
});
