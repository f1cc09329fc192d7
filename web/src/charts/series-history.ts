// The part of a run the ring buffer no longer holds, kept decimated. Samples
// leaving the ring are folded into buckets of `span` consecutive samples;
// each bucket keeps, per column, the lowest, highest, first and last finite
// value (what a pixel column of the charts keeps, see decimate.ts). When the
// buckets run out, neighbours are merged in pairs and the span doubles, so
// memory stays fixed and the history keeps between half and all of its
// buckets whatever the run's length: more than a chart has pixel columns.

/** Buckets of decimated history per side: above any chart's width in pixels, even after a merge halves them. */
export const defaultHistoryBuckets = 4096;

/** Reads one column of a sample: the ring hands the history its oldest samples this way. */
export type SampleReader = (column: number) => number;

export class SeriesHistory {
  private mins: Float64Array[] = [];
  private maxs: Float64Array[] = [];
  private firsts: Float64Array[] = [];
  private lasts: Float64Array[] = [];
  private samples = new Uint32Array(0);
  private filled = 0; // buckets holding samples; the last may be partly filled
  private bucketSpan = 1; // samples per full bucket
  private folded = 0;

  constructor(
    private readonly width: number,
    readonly capacity = defaultHistoryBuckets,
  ) {
    if (capacity < 2 || capacity % 2 !== 0) throw new Error('the history needs an even number of buckets');
  }

  /** Buckets holding samples. */
  get length(): number {
    return this.filled;
  }

  /** Samples a full bucket holds now. */
  get span(): number {
    return this.bucketSpan;
  }

  /** Samples folded in since the history was made. */
  get sampleCount(): number {
    return this.folded;
  }

  /** Bytes the bucket arrays hold (nothing until the first sample leaves the ring). */
  get byteLength(): number {
    return this.samples.length === 0 ? 0 : this.width * 4 * this.capacity * Float64Array.BYTES_PER_ELEMENT + this.samples.byteLength;
  }

  min(column: number, bucket: number): number {
    return this.mins[column]?.[bucket] ?? Number.NaN;
  }

  max(column: number, bucket: number): number {
    return this.maxs[column]?.[bucket] ?? Number.NaN;
  }

  first(column: number, bucket: number): number {
    return this.firsts[column]?.[bucket] ?? Number.NaN;
  }

  last(column: number, bucket: number): number {
    return this.lasts[column]?.[bucket] ?? Number.NaN;
  }

  /** Samples bucket i holds. */
  count(bucket: number): number {
    return this.samples[bucket] ?? 0;
  }

  /** First bucket whose first value in a non-decreasing column (time) is >= value. */
  lowerBound(column: number, value: number): number {
    let lo = 0;
    let hi = this.filled;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.first(column, mid) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Folds the next (newer) sample in. */
  push(read: SampleReader): void {
    if (this.samples.length === 0) this.allocate();
    let b = this.filled - 1;
    if (b < 0 || (this.samples[b] ?? 0) >= this.bucketSpan) {
      if (this.filled === this.capacity) this.halve();
      b = this.filled++;
      this.samples[b] = 0;
      for (let c = 0; c < this.width; c++) this.clear(c, b);
    }
    for (let c = 0; c < this.width; c++) this.fold(c, b, read(c));
    this.samples[b] = (this.samples[b] ?? 0) + 1;
    this.folded++;
  }

  private allocate(): void {
    const make = () => Array.from({ length: this.width }, () => new Float64Array(this.capacity));
    this.mins = make();
    this.maxs = make();
    this.firsts = make();
    this.lasts = make();
    this.samples = new Uint32Array(this.capacity);
  }

  private clear(c: number, b: number): void {
    for (const a of [this.mins, this.maxs, this.firsts, this.lasts]) (a[c] as Float64Array)[b] = Number.NaN;
  }

  /** A NaN or infinite value is skipped, as the charts skip it. */
  private fold(c: number, b: number, y: number): void {
    if (!Number.isFinite(y)) return;
    const min = this.mins[c] as Float64Array;
    const max = this.maxs[c] as Float64Array;
    const first = this.firsts[c] as Float64Array;
    if (Number.isNaN(first[b] as number)) {
      min[b] = y;
      max[b] = y;
      first[b] = y;
    } else {
      if (y < (min[b] as number)) min[b] = y;
      if (y > (max[b] as number)) max[b] = y;
    }
    (this.lasts[c] as Float64Array)[b] = y;
  }

  /** Merges buckets in pairs: half as many, each twice as long. */
  private halve(): void {
    const half = this.filled / 2;
    for (let c = 0; c < this.width; c++) {
      const min = this.mins[c] as Float64Array;
      const max = this.maxs[c] as Float64Array;
      const first = this.firsts[c] as Float64Array;
      const last = this.lasts[c] as Float64Array;
      for (let i = 0; i < half; i++) {
        const a = 2 * i;
        const b = a + 1;
        min[i] = lowest(min[a] as number, min[b] as number);
        max[i] = highest(max[a] as number, max[b] as number);
        first[i] = Number.isNaN(first[a] as number) ? (first[b] as number) : (first[a] as number);
        last[i] = Number.isNaN(last[b] as number) ? (last[a] as number) : (last[b] as number);
      }
    }
    for (let i = 0; i < half; i++) this.samples[i] = (this.samples[2 * i] ?? 0) + (this.samples[2 * i + 1] ?? 0);
    this.filled = half;
    this.bucketSpan *= 2;
  }
}

/** The lower of two values where NaN means "none". */
function lowest(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  return Number.isNaN(b) || a <= b ? a : b;
}

function highest(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  return Number.isNaN(b) || a >= b ? a : b;
}
