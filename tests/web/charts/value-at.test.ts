import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../../../web/src/charts/series-store';
import { sampleNearest, valueAt } from '../../../web/src/charts/value-at';

/** A store of samples every 10 ms from t0, value = 1000 t, appended in batches of 7. */
function filled(capacity: number, count: number, t0 = 0.01): SeriesStore {
  const store = new SeriesStore(['t', 'queue_pkts'], capacity);
  for (let first = 0; first < count; first += 7) {
    const n = Math.min(7, count - first);
    const batch = new Float64Array(2 * n);
    for (let k = 0; k < n; k++) {
      const t = t0 + (first + k) * 0.01;
      batch[k] = t;
      batch[n + k] = Math.round(t * 1000);
    }
    store.append(batch, n);
  }
  return store;
}

describe('the crosshair lookup', () => {
  it('reads the sample nearest to the time, exactly, after the ring has wrapped', () => {
    const store = filled(64, 200); // holds t = 1.37 .. 2.00
    expect(store.length).toBe(64);
    expect(valueAt(store, 'queue_pkts', 1.5)).toEqual({ t: 1.5, value: 1500 });
    expect(valueAt(store, 'queue_pkts', 1.504)?.value).toBe(1500);
    expect(valueAt(store, 'queue_pkts', 1.506)?.value).toBe(1510);
    // Before the oldest held sample the decimated history answers: one sample a bucket while
    // it has buckets to spare, so still the exact sample.
    expect(valueAt(store, 'queue_pkts', 1.0)).toEqual({ t: 1.0, value: 1000 });
    expect(valueAt(store, 'queue_pkts', 0.0)).toBeNull(); // before the run's first sample
  });

  it('takes the first or last sample within one interval of the ends, nothing further out', () => {
    const store = filled(64, 50); // t = 0.01 .. 0.50
    expect(valueAt(store, 'queue_pkts', 0.005)?.value).toBe(10);
    expect(valueAt(store, 'queue_pkts', 0.505)?.value).toBe(500);
    expect(valueAt(store, 'queue_pkts', 0.6)).toBeNull();
    expect(sampleNearest(store, 0, Number.NaN)).toBe(-1);
  });

  it('has nothing to read in an empty store or a column the run lacks', () => {
    expect(valueAt(new SeriesStore(['t', 'queue_pkts']), 'queue_pkts', 1)).toBeNull();
    expect(valueAt(filled(64, 10), 'aqm.avg', 0.05)).toBeNull();
  });

  it('agrees with a linear scan at every probe time', () => {
    const store = filled(128, 300);
    const times = Array.from({ length: store.length }, (_, i) => store.at(0, i));
    for (let probe = 1.725; probe < 3.009; probe += 0.0037) {
      const i = sampleNearest(store, 0, probe);
      const best = times.reduce((b, t, k) => (Math.abs(t - probe) < Math.abs((times[b] ?? Infinity) - probe) ? k : b), 0);
      expect(Math.abs((times[i] ?? NaN) - probe)).toBeCloseTo(Math.abs((times[best] ?? NaN) - probe), 12);
    }
  });
});
