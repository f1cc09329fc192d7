import { describe, expect, it } from 'vitest';
import { columnsExtent, createPixelColumns, decimate, IncrementalDecimator, type PixelColumns } from '../../../web/src/charts/decimate';
import { SeriesStore } from '../../../web/src/charts/series-store';

// The reference scans every held sample for every pixel: slow and obviously right.
interface Expected {
  min: number;
  max: number;
  first: number;
  last: number;
  count: number;
}

function bruteForce(rows: [number, number][], x0: number, x1: number, width: number): (Expected | null)[] {
  const out: (Expected | null)[] = [];
  for (let p = 0; p < width; p++) {
    const inPixel = rows.filter(([t, y]) => {
      if (t < x0 || t > x1 || Number.isNaN(y)) return false;
      const q = Math.min(width - 1, Math.floor(((t - x0) / (x1 - x0)) * width));
      return q === p;
    });
    const ys = inPixel.map(([, y]) => y);
    out.push(
      ys.length === 0
        ? null
        : {
            min: Math.min(...ys),
            max: Math.max(...ys),
            first: ys[0] ?? NaN,
            last: ys[ys.length - 1] ?? NaN,
            count: ys.length,
          },
    );
  }
  return out;
}

function actual(columns: PixelColumns): (Expected | null)[] {
  return Array.from({ length: columns.width }, (_, p) =>
    columns.count[p] === 0
      ? null
      : {
          min: columns.min[p] ?? NaN,
          max: columns.max[p] ?? NaN,
          first: columns.first[p] ?? NaN,
          last: columns.last[p] ?? NaN,
          count: columns.count[p] ?? 0,
        },
  );
}

/** Deterministic pseudo-random numbers so failures reproduce. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function fill(store: SeriesStore, rows: [number, number][], chunk: number): void {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const data = new Float64Array(2 * part.length);
    part.forEach(([t, y], k) => {
      data[k] = t;
      data[part.length + k] = y;
    });
    store.append(data, part.length);
  }
}

describe('min/max decimation', () => {
  it('agrees with a brute-force scan on random series, windows and widths', () => {
    const random = lcg(42);
    for (let trial = 0; trial < 40; trial++) {
      const capacity = 64;
      const store = new SeriesStore(['t', 'y'], capacity);
      const n = 20 + Math.floor(random() * 150); // often more than the capacity: exercises the wrap
      let t = random() * 5;
      const rows: [number, number][] = [];
      for (let i = 0; i < n; i++) {
        t += random() * 0.2;
        rows.push([t, random() < 0.05 ? NaN : Math.round(random() * 200)]);
      }
      fill(store, rows, 1 + Math.floor(random() * 17));
      const held = rows.slice(-capacity);
      // The samples that left the ring are in its history, one a bucket (fewer than it has):
      // a full pass still sees every sample of the run.
      const width = 1 + Math.floor(random() * 40);
      const lo = held[0]?.[0] ?? 0;
      const hi = held[held.length - 1]?.[0] ?? 1;
      const x0 = lo + (random() - 0.3) * (hi - lo);
      const x1 = x0 + (0.1 + random()) * (hi - lo);
      const out = createPixelColumns(width);
      const used = decimate(store, 0, 1, x0, x1, out);
      const expected = bruteForce(rows, x0, x1, width);
      expect(actual(out)).toEqual(expected);
      expect(used).toBe(expected.reduce((sum, e) => sum + (e?.count ?? 0), 0));
    }
  });

  it('puts a sample exactly at the window end in the last column', () => {
    const store = new SeriesStore(['t', 'y'], 8);
    fill(store, [[0, 1], [5, 2], [10, 3]], 3);
    const out = createPixelColumns(10);
    decimate(store, 0, 1, 0, 10, out);
    expect(out.count[0]).toBe(1);
    expect(out.count[5]).toBe(1);
    expect(out.count[9]).toBe(1);
    expect(out.last[9]).toBe(3);
  });

  it('clears columns from an earlier call and handles an empty or degenerate window', () => {
    const store = new SeriesStore(['t', 'y'], 8);
    fill(store, [[1, 4], [2, 9]], 2);
    const out = createPixelColumns(4);
    expect(decimate(store, 0, 1, 0, 4, out)).toBe(2);
    expect(decimate(store, 0, 1, 10, 20, out)).toBe(0);
    expect(Array.from(out.count)).toEqual([0, 0, 0, 0]);
    expect(decimate(store, 0, 1, 3, 3, out)).toBe(0);
    expect(decimate(store, 0, -1, 0, 4, out)).toBe(0);
  });

  it('reports the highest value over filled columns only', () => {
    const out = createPixelColumns(3);
    expect(Number.isNaN(columnsExtent(out).hi)).toBe(true);
    out.count[1] = 1;
    out.max[1] = 7;
    out.max[2] = 99; // stale value in an empty column
    expect(columnsExtent(out).hi).toBe(7);
  });

  it('reports the lowest value over filled columns only, negative ones included', () => {
    const out = createPixelColumns(3);
    expect(Number.isNaN(columnsExtent(out).lo)).toBe(true);
    out.count[0] = 2;
    out.min[0] = -4; // a controller's error goes below zero
    out.min[2] = -99; // stale value in an empty column
    expect(columnsExtent(out).lo).toBe(-4);
  });

  it('skips infinite values as it skips NaN', () => {
    const store = new SeriesStore(['t', 'y']);
    store.append(new Float64Array([0, 1, 2, 5, Infinity, -Infinity]), 3);
    const out = createPixelColumns(3);
    expect(decimate(store, 0, 1, 0, 2, out)).toBe(1);
    expect(columnsExtent(out).hi).toBe(5);
  });
});

describe('IncrementalDecimator', () => {
  function append(store: SeriesStore, from: number, n: number): void {
    const batch = new Float64Array(2 * n);
    for (let k = 0; k < n; k++) {
      const t = (from + k) * 0.01;
      batch[k] = t;
      batch[n + k] = Math.sin(from + k) * 50 + (k % 3 === 0 ? Number.NaN : 60);
    }
    store.append(batch, n);
  }

  it('extends its columns batch by batch to exactly what a full pass gives', () => {
    const store = new SeriesStore(['t', 'v'], 4096);
    const incremental = new IncrementalDecimator();
    const full = createPixelColumns(97);
    let next = 0;
    for (const n of [5, 30, 1, 400, 77, 1000]) {
      append(store, next, n);
      next += n;
      const used = incremental.update(store, 0, 1, 0, 30, 97);
      const expectedUsed = decimate(store, 0, 1, 0, 30, full);
      expect(used).toBe(expectedUsed);
      expect(actual(incremental.columns)).toEqual(actual(full));
    }
  });

  it('starts over when the window, the width or the run changes, or unread samples were overwritten', () => {
    const store = new SeriesStore(['t', 'v'], 256);
    const d = new IncrementalDecimator();
    const full = createPixelColumns(50);
    append(store, 0, 100);
    d.update(store, 0, 1, 0, 5, 50);
    append(store, 100, 300); // wraps past samples not yet folded in
    expect(d.update(store, 0, 1, 0, 5, 50)).toBe(decimate(store, 0, 1, 0, 5, full));
    expect(actual(d.columns)).toEqual(actual(full));
    const wider = createPixelColumns(64);
    expect(d.update(store, 0, 1, 1, 4, 64)).toBe(decimate(store, 0, 1, 1, 4, wider));
    store.reset(['t', 'v']);
    append(store, 0, 10);
    expect(d.update(store, 0, 1, 1, 4, 64)).toBe(decimate(store, 0, 1, 1, 4, wider));
  });
  it('slides by whole columns to exactly what a full pass of the moved window gives', () => {
    // 0.125 s samples, 0.5 s columns: every boundary is exact in binary, so the shift must match bit for bit.
    const store = new SeriesStore(['t', 'v'], 8192);
    const d = new IncrementalDecimator();
    const full = createPixelColumns(40); // a 20 s window
    const put = (from: number, n: number) => {
      const batch = new Float64Array(2 * n);
      for (let k = 0; k < n; k++) {
        batch[k] = (from + k) * 0.125;
        batch[n + k] = ((from + k) * 37) % 101;
      }
      store.append(batch, n);
    };
    let next = 0;
    let end = 20;
    for (const n of [200, 3, 9, 1, 40, 17]) {
      put(next, n);
      next += n;
      const newest = (next - 1) * 0.125;
      while (end < newest) end += 0.5; // the chart's window end, on a column boundary
      const used = d.update(store, 0, 1, end - 20, end, 40);
      expect(used).toBe(decimate(store, 0, 1, end - 20, end, full));
      expect(actual(d.columns)).toEqual(actual(full));
    }
  });

  it('holds back samples past the common time until it moves on, and starts over if it goes back', () => {
    const store = new SeriesStore(['t', 'v'], 4096);
    append(store, 0, 1000); // 0 .. 9.99 s
    const d = new IncrementalDecimator();
    const full = createPixelColumns(50);
    expect(d.update(store, 0, 1, 0, 20, 50, 4)).toBe(decimate(store, 0, 1, 0, 20, full, 4));
    expect(actual(d.columns)).toEqual(actual(full));
    expect(full.count.slice(11).every((n) => n === 0)).toBe(true); // nothing past 4 s
    expect(d.update(store, 0, 1, 0, 20, 50, 7)).toBe(decimate(store, 0, 1, 0, 20, full, 7));
    expect(actual(d.columns)).toEqual(actual(full));
    expect(d.update(store, 0, 1, 0, 20, 50, 2)).toBe(decimate(store, 0, 1, 0, 20, full, 2));
    expect(actual(d.columns)).toEqual(actual(full));
  });
});
