// Lockstep through shared memory (issue 12). Where the page is cross-origin
// isolated (so SharedArrayBuffer exists), every side's worker publishes its
// simulated time here after each advance and reads the others' directly: a
// side may run at most one lead past the slowest (the frontier), and one that
// is ahead sleeps (Atomics.wait) until another side moves. No message and no
// main thread sits in that loop, so the lead can be far shorter than the
// message relay's (a limit sent by the page per batch, lockstep.ts), which
// needs seconds of lead at "as fast as possible".
//
// A stop word lets the page pause every side at one time without a round
// trip: frozen, every side stops where it is; set to a time, no side runs
// past it. A side reads the stop word before each advance of at most
// maxSliceS and publishes after it, and the page freezes before it reads the
// times (sequentially consistent Atomics), so no side gets past the latest
// time the page read plus one slice: the pause time is the sample time at or
// after that, and the sides behind run up to it.
//
// Layout: one int64 per side (its time in nanoseconds; `absent`: not taking
// part), one int64 stop word, then two int32 (a progress counter to wait on,
// and how many sides wait).

import type { Speed } from '../protocol/protocol';

const nsPerS = 1e9;
const absent = 2n ** 63n - 1n;
const frozen = -1n;

/** True where shared memory between the page and its workers is allowed. */
export function sharedClockAvailable(): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true;
}

/** At "as fast as possible", how far past the frontier a side may run (simulated seconds). */
export const fastestSharedLeadS = 1;
/** The longest advance between two looks at the stop word (simulated seconds). */
export const maxSliceS = 0.05;
/** At a set speed, the wall time a side may run ahead: a paced side naps between ticks (16 ms) and the others go on. */
const pacedLeadWallS = 0.05;

/**
 * How far past the frontier a side may run, in simulated seconds: at least
 * one sample interval; at a set speed what it covers in pacedLeadWallS, at
 * most fastestSharedLeadS. A smaller lead leaves the sides waiting on each
 * other (a side that is descheduled or between ticks holds all the others).
 */
export function sharedLeadS(speed: Speed, sampleIntervalMs: number): number {
  const wanted = speed === 'max' ? fastestSharedLeadS : Math.min(fastestSharedLeadS, speed * pacedLeadWallS);
  return Math.max(sampleIntervalMs / 1000, wanted);
}

const toNs = (s: number): bigint => BigInt(Math.round(s * nsPerS));

export class SharedClock {
  private readonly times: BigInt64Array;
  private readonly stopWord: BigInt64Array;
  private readonly words: Int32Array; // [0] progress counter, [1] sides waiting

  constructor(readonly buffer: SharedArrayBuffer) {
    const slots = buffer.byteLength / 8 - 2;
    if (!Number.isInteger(slots) || slots < 1) throw new Error(`shared clock: ${buffer.byteLength} bytes is no clock`);
    this.times = new BigInt64Array(buffer, 0, slots);
    this.stopWord = new BigInt64Array(buffer, slots * 8, 1);
    this.words = new Int32Array(buffer, slots * 8 + 8, 2);
  }

  /** A clock for `slots` sides, every one taking part at time 0, no stop set. */
  static create(slots: number): SharedClock {
    const clock = new SharedClock(new SharedArrayBuffer((slots + 2) * 8));
    clock.resume();
    return clock;
  }

  /** Side `slot` is at `timeS` (and takes part). Wakes the sides that wait. */
  publish(slot: number, timeS: number): void {
    Atomics.store(this.times, slot, toNs(timeS));
    this.moved();
  }

  /** Side `slot` no longer holds the others back (it failed, or left). */
  leave(slot: number): void {
    Atomics.store(this.times, slot, absent);
    this.moved();
  }

  /** The time every side taking part has reached; Infinity when none takes part. */
  frontier(): number {
    let min = absent;
    for (let i = 0; i < this.times.length; i++) {
      const t = Atomics.load(this.times, i);
      if (t < min) min = t;
    }
    return min === absent ? Infinity : Number(min) / nsPerS;
  }

  /** The time of the side furthest on; 0 when none takes part. */
  latest(): number {
    let max = 0n;
    for (let i = 0; i < this.times.length; i++) {
      const t = Atomics.load(this.times, i);
      if (t !== absent && t > max) max = t;
    }
    return Number(max) / nsPerS;
  }

  /** Every side stops where it is (after the advance in progress) until `stopAt` or `resume`. */
  freeze(): void {
    Atomics.store(this.stopWord, 0, frozen);
    this.moved();
  }

  /** No side runs past `timeS`. */
  stopAt(timeS: number): void {
    Atomics.store(this.stopWord, 0, toNs(timeS));
    this.moved();
  }

  resume(): void {
    Atomics.store(this.stopWord, 0, absent);
    this.moved();
  }

  /** The stop set: a time, 'frozen', or null for none. Read it after the frontier. */
  stop(): number | 'frozen' | null {
    const word = Atomics.load(this.stopWord, 0);
    if (word === absent) return null;
    return word === frozen ? 'frozen' : Number(word) / nsPerS;
  }

  /** A count that changes whenever a side moves or the stop changes; read it before deciding to wait. */
  progress(): number {
    return Atomics.load(this.words, 0);
  }

  /**
   * Workers only (Atomics.wait blocks the thread): sleeps until the count
   * differs from `seen` or `timeoutMs` passes.
   */
  waitForProgress(seen: number, timeoutMs: number): void {
    Atomics.add(this.words, 1, 1);
    Atomics.wait(this.words, 0, seen, timeoutMs);
    Atomics.sub(this.words, 1, 1);
  }

  private moved(): void {
    Atomics.add(this.words, 0, 1);
    if (Atomics.load(this.words, 1) > 0) Atomics.notify(this.words, 0);
  }
}
