import { globalTimers, throttleLatest, type ThrottledSender, type Timers } from '../lib/throttle-latest';

// The sides' statuses as React reads them (useSyncExternalStore), told at most
// once per frame's worth of time. A lab-wide restart changes every side's
// status several times (restarting, ready, paused, playing: about 24 changes
// for six sides within a tenth of a second), and each notice made React render
// the whole lab at once, synchronously: most of the main thread's time in a
// discipline switch. The first change after a quiet spell is told
// at once (throttleLatest, as a slider's values), so a lone change (Pause)
// shows without delay; "at once" is a microtask later, so changes made
// together (a live change every side took, answered in one message) are
// told together. Told as each came, the first side's change
// alone took the immediate notice and the others waited for the next one,
// 40 to 65 ms later on a busy main thread.

export class StatusFeed<T> {
  private snapshot: T;
  private readonly listeners = new Set<() => void>();
  private readonly notices: ThrottledSender<void>;
  private quiet: number | null = null;
  private queued = false; // a notice waits in a microtask
  private disposed = false;

  constructor(
    private readonly read: () => T,
    intervalMs = 16,
    private readonly timers: Timers = globalTimers,
  ) {
    this.snapshot = read();
    this.notices = throttleLatest(() => this.tell(), intervalMs, timers);
  }

  /** The statuses as last told (stable between notices, as useSyncExternalStore needs). */
  get current(): T {
    return this.snapshot;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Something changed: the listeners hear of it a microtask later (once the
   * code that changed it has run, with whatever else that code changed), or
   * at the end of the interval since the last notice.
   */
  changed(): void {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      if (!this.disposed) this.notices.push();
    });
  }

  /**
   * A change that need not show at once: told with the next change, or
   * `withinMs` from now. A restart marks every side "restarting" and their
   * runs are ready tens of milliseconds later; telling both made React render
   * the whole lab twice, the first time inside the input's own task.
   */
  changedQuietly(withinMs = 100): void {
    this.quiet ??= this.timers.set(() => this.changed(), withinMs);
  }

  dispose(): void {
    this.disposed = true;
    this.notices.cancel();
    this.clearQuiet();
    this.listeners.clear();
  }

  private clearQuiet(): void {
    if (this.quiet !== null) this.timers.clear(this.quiet);
    this.quiet = null;
  }

  private tell(): void {
    this.clearQuiet(); // this notice carries the quiet change too
    this.snapshot = this.read();
    for (const listener of this.listeners) listener();
  }
}
