import type { SeriesStore } from '../charts/series-store';

// The simulated queue-length distribution of a side: the share of its samples
// (taken every sample interval, so a time average) in each bin of queue
// length, after the warm-up. Binning only; the model's distribution beside
// it comes from the core (the MMPP chain, theory-json.ts).

export interface Histogram {
  /** Packets per bin; bin k holds queue lengths [k w, (k + 1) w). */
  width: number;
  share: number[];
  samples: number;
  /** The mean of the samples themselves (not of the bins), packets; NaN without samples. */
  mean: number;
}

/** Bins of `width` packets covering 0..buffer; at most ~`maxBins` bins. */
export function binWidth(buffer: number, maxBins = 50): number {
  return Math.max(1, Math.ceil((buffer + 1) / maxBins));
}

export function simulatedHistogram(store: SeriesStore, fromS: number, buffer: number, width: number): Histogram {
  const bins = Math.ceil((buffer + 1) / width);
  const counts = new Array<number>(bins).fill(0);
  const t = store.columnIndex('t');
  const q = store.columnIndex('queue_pkts');
  let samples = 0;
  let sum = 0;
  if (t >= 0 && q >= 0) {
    for (let i = store.lowerBound(t, fromS); i < store.length; i++) {
      const value = store.at(q, i);
      if (!Number.isFinite(value)) continue;
      const k = Math.min(bins - 1, Math.max(0, Math.floor(value / width)));
      counts[k] = (counts[k] ?? 0) + 1;
      samples++;
      sum += value;
    }
  }
  return { width, share: counts.map((c) => (samples > 0 ? c / samples : 0)), samples, mean: samples > 0 ? sum / samples : Number.NaN };
}

/** The mean of a distribution over 0, 1, 2, ... packets. */
export function distributionMean(distribution: readonly number[]): number {
  return distribution.reduce((sum, p, b) => sum + p * b, 0);
}

/** The model's P(b), b = 0..L, summed into the same bins. */
export function binDistribution(distribution: readonly number[], width: number, bins: number): number[] {
  const out = new Array<number>(bins).fill(0);
  distribution.forEach((p, b) => {
    const k = Math.min(bins - 1, Math.floor(b / width));
    out[k] = (out[k] ?? 0) + p;
  });
  return out;
}
