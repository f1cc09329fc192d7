import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../../web/src/charts/series-store';
import { meanSince } from '../../web/src/charts/window-stats';

describe('meanSince', () => {
  it('averages the samples at or after a time, skipping NaN', () => {
    const store = new SeriesStore(['t', 'q'], 8);
    store.append(new Float64Array([1, 2, 3, 4, 10, 20, NaN, 40]), 4);
    expect(meanSince(store, 0, 1, 2)).toBe(30);
    expect(meanSince(store, 0, 1, 0)).toBeCloseTo(70 / 3);
    expect(Number.isNaN(meanSince(store, 0, 1, 5))).toBe(true);
    expect(Number.isNaN(meanSince(store, 0, -1, 0))).toBe(true);
  });
});
