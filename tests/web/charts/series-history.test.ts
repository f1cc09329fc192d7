import { describe, expect, it } from 'vitest';
import { createPixelColumns, decimate, IncrementalDecimator } from '../../../web/src/charts/decimate';
import { wholeRunStepS, viewWindow } from '../../../web/src/charts/layout';
import { SeriesHistory } from '../../../web/src/charts/series-history';
import { SeriesStore } from '../../../web/src/charts/series-store';
import { valueAt } from '../../../web/src/charts/value-at';

const dt = 0.01; // the core's 10 ms sampling interval
const batch = 1000; // samples per batch, as a busy worker sends them

/** Appends samples [from, from + n) of t = (i + 1) dt and value(i) in batches. */
function run(store: SeriesStore, from: number, n: number, value: (i: number) => number): void {
  for (let start = from; start < from + n; start += batch) {
    const m = Math.min(batch, from + n - start);
    const data = new Float64Array(2 * m);
    for (let k = 0; k < m; k++) {
      data[k] = (start + k + 1) * dt;
      data[m + k] = value(start + k);
    }
    store.append(data, m);
  }
}

describe('SeriesHistory', () => {
  it('keeps per bucket the lowest, highest, first and last finite value of its samples, through merges', () => {
    const history = new SeriesHistory(2, 8);
    const values = Array.from({ length: 203 }, (_, i) => (i % 11 === 3 ? Number.NaN : ((i * 37) % 101) - 50));
    values.forEach((v, i) => history.push((c) => (c === 0 ? i : v)));
    // 203 samples in at most 8 buckets: 4 merges, buckets of 32.
    expect(history.span).toBe(32);
    expect(history.length).toBe(7);
    for (let b = 0; b < history.length; b++) {
      const own = values.slice(b * 32, (b + 1) * 32).filter((v) => !Number.isNaN(v));
      expect(history.count(b)).toBe(Math.min(32, 203 - b * 32));
      expect(history.first(0, b)).toBe(b * 32);
      expect(history.min(1, b)).toBe(Math.min(...own));
      expect(history.max(1, b)).toBe(Math.max(...own));
      expect(history.first(1, b)).toBe(own[0]);
      expect(history.last(1, b)).toBe(own[own.length - 1]);
    }
  });
});

describe('a run of several simulated hours', () => {
  const hours = 4;
  const total = (hours * 3600) / dt; // 1.44 million samples
  // A slow sawtooth between 0 and 100 (period 1000 s) with one spike of 5000 at t = 1234.56 s:
  // min/max decimation must keep the spike however old it gets.
  const spikeAt = Math.round(1234.56 / dt) - 1;
  const value = (i: number) => (i === spikeAt ? 5000 : ((i * dt) % 1000) / 10);

  it('draws the whole run at screen width from t = 0, with memory that stops growing', () => {
    const store = new SeriesStore(['t', 'queue_pkts']);
    run(store, 0, total / hours, value);
    const afterOneHour = store.byteLength;
    run(store, total / hours, total - total / hours, value);
    expect(store.totalReceived).toBe(total);
    expect(store.byteLength).toBe(afterOneHour); // bounded: the fourth hour costs no more than the first
    expect(store.byteLength).toBeLessThan(2 * 1024 * 1024);

    const width = 1200;
    const [x0, x1] = viewWindow('whole', 0, total * dt);
    expect([x0, x1]).toEqual([0, Math.ceil((total * dt) / wholeRunStepS) * wholeRunStepS]);
    const columns = createPixelColumns(width);
    const used = decimate(store, 0, 1, x0, x1, columns);
    expect(used).toBe(total); // every sample of the run stands in some column
    const columnS = (x1 - x0) / width;
    // Each column's values are the sawtooth's over the column's time, give or take a bucket.
    const bucketS = store.history.span * dt;
    expect(bucketS).toBeLessThan(columnS);
    const lastColumn = Math.floor((total * dt) / columnS);
    for (let p = 0; p <= Math.min(lastColumn, width - 1); p++) {
      expect(columns.count[p]).toBeGreaterThan(0);
      const from = p * columnS;
      if (Math.floor(from / 1000) !== Math.floor((from + columnS + bucketS) / 1000)) continue; // a tooth ends here
      if (from <= 1234.56 && 1234.56 < from + columnS + bucketS) continue; // the spike's column
      expect(Math.abs((columns.min[p] ?? 0) - (from % 1000) / 10)).toBeLessThanOrEqual(bucketS / 10 + dt * 10);
      expect(Math.abs((columns.max[p] ?? 0) - ((from + columnS) % 1000) / 10)).toBeLessThanOrEqual(bucketS / 10 + dt * 10);
    }
    const spikeColumn = Math.floor(1234.56 / columnS);
    expect(Math.max(columns.max[spikeColumn] ?? 0, columns.max[spikeColumn - 1] ?? 0)).toBe(5000);
  }, 60_000); // 1.44 million samples: seconds on a busy machine

  it('extends the whole-run view incrementally to what a full pass gives, across the ring and its history', () => {
    // Samples folded while still in the ring sit in their exact columns; a full pass puts a
    // history bucket in the column of its first sample. So the two agree to within one bucket.
    const store = new SeriesStore(['t', 'queue_pkts'], 1 << 12); // a small ring: the history takes over early
    const d = new IncrementalDecimator();
    const full = createPixelColumns(640);
    let next = 0;
    for (const n of [3000, 5000, 20000, 77, 100000]) {
      run(store, next, n, value);
      next += n;
      const [x0, x1] = viewWindow('whole', 0, next * dt);
      expect(d.update(store, 0, 1, x0, x1, 640)).toBe(decimate(store, 0, 1, x0, x1, full));
      const slack = store.history.span * dt * 0.1 + 1e-9; // the sawtooth's rise over one bucket
      for (let p = 0; p < 640; p++) {
        expect((d.columns.count[p] ?? 0) > 0).toBe((full.count[p] ?? 0) > 0);
        expect(Math.abs((d.columns.max[p] ?? 0) - (full.max[p] ?? 0))).toBeLessThanOrEqual(slack);
        expect(Math.abs((d.columns.min[p] ?? 0) - (full.min[p] ?? 0))).toBeLessThanOrEqual(slack);
      }
    }
    expect(full.count[0]).toBeGreaterThan(0); // t = 0 is still drawn
  }, 60_000);

  it('reads the crosshair from the history before the ring', () => {
    const store = new SeriesStore(['t', 'queue_pkts']);
    run(store, 0, total, value);
    const reading = valueAt(store, 'queue_pkts', 300);
    expect(reading).not.toBeNull();
    const span = store.history.span * dt;
    expect(Math.abs((reading?.t ?? 0) - 300)).toBeLessThanOrEqual(span);
    expect(reading?.value).toBeCloseTo(value(Math.round((reading?.t ?? 0) / dt) - 1), 9);
  }, 60_000);
});
