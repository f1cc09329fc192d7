import type { Clock } from '../../../web/src/worker/sim-driver';

/** A clock the test moves by hand; scheduled callbacks run when their time comes. */
export class ManualClock implements Clock {
  private time = 0;
  private nextHandle = 1;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.time;
  }

  schedule(fn: () => void, delayMs: number): number {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.time + delayMs, fn });
    return handle;
  }

  cancel(handle: number): void {
    this.timers.delete(handle);
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Work done on this clock's thread (a core advancing): time passes, nothing else runs meanwhile. */
  spend(ms: number): void {
    this.time += ms;
  }

  /** Moves time forward, running due callbacks in time order (at once, those that work made late). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].fn();
    }
    this.time = Math.max(this.time, end);
  }
}
