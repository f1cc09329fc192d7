import { defaultHistoryBuckets, SeriesHistory } from './series-history';

// Columnar ring buffer for one side's samples. It lives outside React: batches
// are appended as they arrive and charts read it when they repaint. Once full,
// the oldest samples leave the ring for its decimated history (series-history.ts),
// so memory stays bounded however long a run is and a chart of the whole run
// still has every part of it at screen resolution.
// The arrays start small and double up to the capacity, so a short run (or a
// page with six sides) does not pay for ten minutes of history up front.

/** 655 s of 10 ms samples: a whole 10-minute run stays in view. */
export const defaultCapacity = 1 << 16;
const initialSize = 1 << 10;

function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

export class SeriesStore {
  private names: readonly string[] = [];
  private data: Float64Array[] = [];
  private size = 0; // allocated slots per column, a power of two <= capacity
  private mask = 0;
  private start = 0; // physical index of the oldest sample; 0 until the buffer wraps
  private count = 0;
  private received = 0;
  private resets = 0;
  private older: SeriesHistory = new SeriesHistory(0);
  readonly capacity: number;

  constructor(
    columns: readonly string[] = [],
    capacity = defaultCapacity,
    private readonly historyBuckets = defaultHistoryBuckets,
  ) {
    // A power of two lets a logical index wrap with a mask instead of a modulo.
    this.capacity = nextPowerOfTwo(Math.max(1, capacity));
    this.reset(columns);
  }

  /** Starts over, e.g. for a new run whose columns may differ. */
  reset(columns: readonly string[]): void {
    this.names = [...columns];
    this.older = new SeriesHistory(this.names.length, this.historyBuckets);
    this.allocate(Math.min(this.capacity, initialSize));
    this.start = 0;
    this.count = 0;
    this.received = 0;
    this.resets++;
  }

  get columns(): readonly string[] {
    return this.names;
  }

  /** Samples held now (at most the capacity). */
  get length(): number {
    return this.count;
  }

  /** Samples appended since the last reset, including overwritten ones. */
  get totalReceived(): number {
    return this.received;
  }

  /** Changes at every reset, so a reader can tell its cached view is stale. */
  get generation(): number {
    return this.resets;
  }

  /** Bytes the sample arrays and the decimated history hold now. */
  get byteLength(): number {
    return this.names.length * this.size * Float64Array.BYTES_PER_ELEMENT + this.older.byteLength;
  }

  /** The samples that left the ring, decimated; every one of them is older than the ring's oldest. */
  get history(): SeriesHistory {
    return this.older;
  }

  columnIndex(name: string): number {
    return this.names.indexOf(name);
  }

  /** Appends a column-major batch: columns.length runs of `length` values. */
  append(batch: Float64Array, length: number): void {
    const width = this.names.length;
    if (batch.length < length * width) {
      throw new Error(`batch of ${batch.length} values is short of ${length} x ${width}`);
    }
    const keep = Math.min(length, this.capacity);
    const skip = length - keep;
    this.retire(Math.max(0, this.count + keep - this.capacity));
    for (let i = 0; i < skip; i++) this.older.push((c) => batch[c * length + i] ?? Number.NaN);
    this.grow(this.count + keep);
    const write = (this.start + this.count) & this.mask;
    const firstRun = Math.min(keep, this.size - write);
    for (let c = 0; c < width; c++) {
      const from = c * length + skip;
      const source = batch.subarray(from, from + keep);
      const target = this.data[c];
      if (!target) continue;
      target.set(source.subarray(0, firstRun), write);
      if (firstRun < keep) target.set(source.subarray(firstRun), 0);
    }
    const grown = this.count + keep;
    if (grown > this.size) {
      this.start = (this.start + grown - this.size) & this.mask;
      this.count = this.size;
    } else {
      this.count = grown;
    }
    this.received += length;
  }

  /** Value of `column` at logical index i (0 = oldest held sample). */
  at(column: number, i: number): number {
    const values = this.data[column];
    return values ? (values[(this.start + i) & this.mask] ?? Number.NaN) : Number.NaN;
  }

  /** Latest value of a column, or NaN when empty. */
  last(column: number): number {
    return this.count === 0 ? Number.NaN : this.at(column, this.count - 1);
  }

  /** First logical index whose value in a non-decreasing column is >= value. */
  lowerBound(column: number, value: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(column, mid) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Folds the `n` oldest held samples into the history, before the ring writes over them. */
  private retire(n: number): void {
    for (let i = 0; i < n; i++) this.older.push((c) => this.at(c, i));
  }

  private allocate(size: number): void {
    this.size = size;
    this.mask = size - 1;
    this.data = this.names.map(() => new Float64Array(size));
  }

  /** Doubles the arrays until `needed` samples fit or the capacity is reached. */
  private grow(needed: number): void {
    if (needed <= this.size || this.size >= this.capacity) return;
    let size = this.size;
    while (size < needed && size < this.capacity) size *= 2;
    // Below the capacity the buffer has never wrapped: start is 0 and the samples are contiguous.
    const old = this.data;
    this.allocate(size);
    old.forEach((values, c) => this.data[c]?.set(values.subarray(0, this.count)));
  }
}
