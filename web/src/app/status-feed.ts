// The sides' statuses as React reads them (useSyncExternalStore), told at most
// once per frame's worth of time. A lab-wide restart changes every side's
// status several times (restarting, ready, paused, playing: about 24 changes
// for six sides within a tenth of a second), and each notice made React render
// the whole lab at once, synchronously: most of the main thread's time in a
// discipline switch (issue 12). The first change after a quiet spell is told
// at once, so a lone change (Pause) shows without delay.

export class StatusFeed<T> {
  private snapshot: T;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastToldMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly read: () => T,
    private readonly intervalMs = 16,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.snapshot = read();
  }

  /** The statuses as last told (stable between notices, as useSyncExternalStore needs). */
  get current(): T {
    return this.snapshot;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Something changed: the listeners hear of it now, or once the interval since the last notice has passed. */
  changed(): void {
    if (this.timer !== null) return;
    const wait = this.lastToldMs + this.intervalMs - this.now();
    if (wait <= 0) return this.tell();
    this.timer = setTimeout(() => this.tell(), wait);
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private tell(): void {
    this.timer = null;
    this.lastToldMs = this.now();
    this.snapshot = this.read();
    for (const listener of this.listeners) listener();
  }
}
