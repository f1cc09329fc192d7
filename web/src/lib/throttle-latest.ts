// Slider drags fire many input events; the core needs only some of them. Sends
// the first value at once, then at most one per interval, and always the last.

/** How often a slider being dragged sends its value to the core. */
export const sliderIntervalMs = 100;

export interface Timers {
  set(fn: () => void, ms: number): number;
  clear(handle: number): void;
}

// The global timers, so the default works in the page and under Node (Vitest)
// alike; Node's handles are objects, kept as the opaque number callers hold.
type Handle = ReturnType<typeof setTimeout>;
export const globalTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms) as unknown as number,
  clear: (handle) => clearTimeout(handle as unknown as Handle),
};

export interface ThrottledSender<T> {
  push(value: T): void;
  /** Sends the waiting value now, if any (a released slider's last value goes before anything after it). */
  flush(): void;
  cancel(): void;
}

export function throttleLatest<T>(send: (value: T) => void, intervalMs: number, timers: Timers = globalTimers): ThrottledSender<T> {
  let timer: number | null = null;
  let waiting: { value: T } | null = null;

  const open = (): void => {
    timer = timers.set(() => {
      timer = null;
      if (waiting) {
        const { value } = waiting;
        waiting = null;
        send(value);
        open();
      }
    }, intervalMs);
  };

  return {
    push(value) {
      if (timer === null) {
        send(value);
        open();
      } else {
        waiting = { value };
      }
    },
    flush() {
      if (!waiting) return;
      const { value } = waiting;
      waiting = null;
      if (timer !== null) timers.clear(timer);
      send(value);
      open();
    },
    cancel() {
      if (timer !== null) timers.clear(timer);
      timer = null;
      waiting = null;
    },
  };
}
