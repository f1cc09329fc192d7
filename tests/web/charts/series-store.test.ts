import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../../../web/src/charts/series-store';

/** Column-major batch of rows [t, v] as the worker sends it. */
function batchOf(rows: [number, number][]): Float64Array {
  const n = rows.length;
  const out = new Float64Array(2 * n);
  rows.forEach(([t, v], i) => {
    out[i] = t;
    out[n + i] = v;
  });
  return out;
}

function rowsFrom(first: number, count: number): [number, number][] {
  return Array.from({ length: count }, (_, k) => [first + k, (first + k) * 10]);
}

function contents(store: SeriesStore): [number, number][] {
  return Array.from({ length: store.length }, (_, i) => [store.at(0, i), store.at(1, i)]);
}

describe('SeriesStore', () => {
  it('rounds its capacity up to a power of two', () => {
    expect(new SeriesStore(['t'], 5).capacity).toBe(8);
    expect(new SeriesStore(['t'], 8).capacity).toBe(8);
  });

  it('appends column-major batches in order', () => {
    const store = new SeriesStore(['t', 'v'], 8);
    store.append(batchOf(rowsFrom(0, 3)), 3);
    store.append(batchOf(rowsFrom(3, 2)), 2);
    expect(contents(store)).toEqual(rowsFrom(0, 5));
    expect(store.totalReceived).toBe(5);
    expect(store.last(1)).toBe(40);
  });

  it('wraps around and keeps the newest samples once full', () => {
    const store = new SeriesStore(['t', 'v'], 8);
    store.append(batchOf(rowsFrom(0, 6)), 6);
    store.append(batchOf(rowsFrom(6, 5)), 5); // crosses the physical end
    expect(store.length).toBe(8);
    expect(contents(store)).toEqual(rowsFrom(3, 8));
    store.append(batchOf(rowsFrom(11, 3)), 3);
    expect(contents(store)).toEqual(rowsFrom(6, 8));
    expect(store.totalReceived).toBe(14);
  });

  it('keeps only the tail of a batch larger than the whole buffer', () => {
    const store = new SeriesStore(['t', 'v'], 4);
    store.append(batchOf(rowsFrom(0, 2)), 2);
    store.append(batchOf(rowsFrom(2, 11)), 11);
    expect(contents(store)).toEqual(rowsFrom(9, 4));
  });

  it('matches a plain array over many random batch sizes', () => {
    const store = new SeriesStore(['t', 'v'], 16);
    const all: [number, number][] = [];
    let next = 0;
    for (let round = 0; round < 200; round++) {
      const n = (round * 7919) % 23;
      const rows = rowsFrom(next, n);
      next += n;
      all.push(...rows);
      store.append(batchOf(rows), n);
      expect(contents(store)).toEqual(all.slice(-16));
    }
  });

  it('finds the first index at or after a time, across the wrap', () => {
    const store = new SeriesStore(['t', 'v'], 8);
    store.append(batchOf(rowsFrom(0, 13)), 13); // holds t = 5..12
    expect(store.lowerBound(0, -1)).toBe(0);
    expect(store.lowerBound(0, 5)).toBe(0);
    expect(store.lowerBound(0, 7.5)).toBe(3);
    expect(store.lowerBound(0, 12)).toBe(7);
    expect(store.lowerBound(0, 99)).toBe(8);
  });

  it('rejects a batch shorter than its declared size, and resets to new columns', () => {
    const store = new SeriesStore(['t', 'v'], 8);
    expect(() => store.append(new Float64Array(3), 2)).toThrow();
    store.append(batchOf(rowsFrom(0, 2)), 2);
    store.reset(['t', 'v', 'w']);
    expect(store.length).toBe(0);
    expect(store.totalReceived).toBe(0);
    expect(store.columnIndex('w')).toBe(2);
    expect(Number.isNaN(store.last(0))).toBe(true);
  });
});

describe('SeriesStore growth', () => {
  it('starts small and doubles up to its capacity, keeping every sample in order', () => {
    const store = new SeriesStore(['t', 'v'], 1 << 14);
    const small = store.byteLength;
    expect(small).toBeLessThan(2 * 8 * (1 << 14));
    let next = 0;
    for (const n of [1, 700, 900, 3000, 5000]) {
      store.append(batchOf(rowsFrom(next, n)), n);
      next += n;
    }
    expect(store.length).toBe(next);
    expect(contents(store)).toEqual(rowsFrom(0, next));
    expect(store.byteLength - store.history.byteLength).toBe(2 * 8 * 16384);
    store.append(batchOf(rowsFrom(next, 9000)), 9000); // wraps at the capacity
    expect(store.length).toBe(1 << 14);
    expect(contents(store)).toEqual(rowsFrom(next + 9000 - (1 << 14), 1 << 14));
    expect(store.byteLength - store.history.byteLength).toBe(2 * 8 * 16384);
  });

  it('holds a whole 10-minute run at 10 ms sampling by default; a reset shrinks and bumps the generation', () => {
    const columns = Array.from({ length: 20 }, (_, c) => (c === 0 ? 't' : `c${c}`));
    const store = new SeriesStore(columns);
    const n = 60_000; // 600 s / 10 ms
    const batch = new Float64Array(columns.length * n);
    for (let i = 0; i < n; i++) batch[i] = (i + 1) * 0.01;
    store.append(batch, n);
    expect(store.length).toBe(n);
    expect(store.at(0, 0)).toBeCloseTo(0.01, 12);
    // 20 columns x 65536 slots x 8 bytes: 10.5 MB per side, 63 MB for six.
    expect(store.byteLength).toBe(20 * 65536 * 8);
    const generation = store.generation;
    store.reset(columns);
    expect(store.generation).toBe(generation + 1);
    expect(store.byteLength).toBeLessThan(20 * 2048 * 8);
  });
});
